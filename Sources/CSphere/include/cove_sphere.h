#ifndef COVE_SPHERE_H
#define COVE_SPHERE_H
// The 360 view's GL: an equirectangular frame drawn as the inside of a sphere seen from its centre. Every call
// needs the GL area's context current (GtkGLArea's realize, render and unrealize handlers).
#include <stdbool.h>
#include <stdint.h>

typedef struct CoveSphere CoveSphere;

/// Builds the shaders for GL 3.2 core or GLES 3.0. NULL when they do not build; `error` (may be NULL) then points
/// at a static sentence for the log.
CoveSphere *cove_sphere_new(bool use_es, const char **error);
/// Takes a new frame: RGBA8 rows of `stride` bytes. The texture is reallocated only when the size changes.
void cove_sphere_upload(CoveSphere *sphere, const uint8_t *pixels, int width, int height, int stride, bool bgra);
/// Whether a frame has been uploaded.
bool cove_sphere_has_frame(const CoveSphere *sphere);
/// Draws into the bound framebuffer of `width`×`height` pixels: the direction of each pixel from pan, tilt (degrees)
/// and the vertical angle of view, one viewport or, for VR goggles, two side by side with a thin dark divider.
void cove_sphere_draw(CoveSphere *sphere, int width, int height, double pan, double tilt,
                      double vertical_angle_of_view, bool goggles);
void cove_sphere_free(CoveSphere *sphere);
#endif
