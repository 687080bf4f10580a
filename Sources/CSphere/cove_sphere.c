#include "cove_sphere.h"

#include <epoxy/gl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct CoveSphere {
    GLuint program, texture, vertex_array;
    GLint frame, half_extent, forward, right, up;
    int width, height;
};

// A triangle covering the viewport, from gl_VertexID: no vertex buffer.
static const char *vertex_source =
    "out vec2 position;\n"
    "void main() {\n"
    "    vec2 corner = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"
    "    position = corner;\n"
    "    gl_Position = vec4(corner, 0.0, 1.0);\n"
    "}\n";

// Each pixel's ray from the camera's basis; longitude and latitude index the frame. The frame wraps
// horizontally (GL_REPEAT, no mipmaps, so no seam at ±180°) and the poles clamp to its top and bottom rows.
static const char *fragment_source =
    "uniform sampler2D frame;\n"
    "uniform vec2 halfExtent;\n"
    "uniform vec3 forward;\n"
    "uniform vec3 right;\n"
    "uniform vec3 up;\n"
    "in vec2 position;\n"
    "out vec4 color;\n"
    "const float PI = 3.14159265358979;\n"
    "void main() {\n"
    "    vec3 ray = normalize(forward + position.x * halfExtent.x * right + position.y * halfExtent.y * up);\n"
    "    float longitude = atan(ray.x, ray.z);\n"
    "    float latitude = asin(clamp(ray.y, -1.0, 1.0));\n"
    "    color = texture(frame, vec2(0.5 + longitude / (2.0 * PI), 0.5 - latitude / PI));\n"
    "}\n";

static GLuint compile(GLenum kind, const char *header, const char *body) {
    GLuint shader = glCreateShader(kind);
    const char *parts[2] = {header, body};
    glShaderSource(shader, 2, parts, NULL);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

CoveSphere *cove_sphere_new(bool use_es, const char **error) {
    const char *header = use_es ? "#version 300 es\nprecision highp float;\n" : "#version 150\n";
    GLuint vertex = compile(GL_VERTEX_SHADER, header, vertex_source);
    GLuint fragment = compile(GL_FRAGMENT_SHADER, header, fragment_source);
    if (vertex == 0 || fragment == 0) {
        if (vertex) glDeleteShader(vertex);
        if (fragment) glDeleteShader(fragment);
        if (error) *error = "the 360 view's shaders did not compile";
        return NULL;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vertex);
    glAttachShader(program, fragment);
    glLinkProgram(program);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    GLint linked = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &linked);
    if (!linked) {
        glDeleteProgram(program);
        if (error) *error = "the 360 view's shaders did not link";
        return NULL;
    }
    CoveSphere *sphere = calloc(1, sizeof *sphere);
    sphere->program = program;
    sphere->frame = glGetUniformLocation(program, "frame");
    sphere->half_extent = glGetUniformLocation(program, "halfExtent");
    sphere->forward = glGetUniformLocation(program, "forward");
    sphere->right = glGetUniformLocation(program, "right");
    sphere->up = glGetUniformLocation(program, "up");
    glGenVertexArrays(1, &sphere->vertex_array);
    glGenTextures(1, &sphere->texture);
    glBindTexture(GL_TEXTURE_2D, sphere->texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return sphere;
}

void cove_sphere_upload(CoveSphere *sphere, const uint8_t *pixels, int width, int height, int stride, bool bgra) {
    if (sphere == NULL || pixels == NULL || width <= 0 || height <= 0 || stride < width * 4) return;
    glBindTexture(GL_TEXTURE_2D, sphere->texture);
    // BGRA frames are uploaded as they are and read back in order by the texture's swizzle (GL 3.3, GLES 3.0).
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, bgra ? GL_BLUE : GL_RED);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, bgra ? GL_RED : GL_BLUE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, stride / 4);
    if (width != sphere->width || height != sphere->height) {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
        sphere->width = width;
        sphere->height = height;
    } else {
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    }
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
}

bool cove_sphere_has_frame(const CoveSphere *sphere) {
    return sphere != NULL && sphere->width > 0;
}

static void draw_viewport(CoveSphere *sphere, int x, int width, int height, double pan, double tilt,
                          double vertical_angle_of_view) {
    if (width <= 0 || height <= 0) return;
    glViewport(x, 0, width, height);
    double p = pan * M_PI / 180, t = tilt * M_PI / 180;
    double half_height = tan(vertical_angle_of_view * M_PI / 360);
    glUniform2f(sphere->half_extent, (float)(half_height * width / height), (float)half_height);
    glUniform3f(sphere->forward, (float)(cos(t) * sin(p)), (float)sin(t), (float)(cos(t) * cos(p)));
    glUniform3f(sphere->right, (float)cos(p), 0.0f, (float)-sin(p));
    glUniform3f(sphere->up, (float)(-sin(t) * sin(p)), (float)cos(t), (float)(-sin(t) * cos(p)));
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

void cove_sphere_draw(CoveSphere *sphere, int width, int height, double pan, double tilt,
                      double vertical_angle_of_view, bool goggles) {
    glClearColor(0.08f, 0.08f, 0.08f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    if (sphere == NULL || sphere->width == 0) return;
    glUseProgram(sphere->program);
    glBindVertexArray(sphere->vertex_array);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, sphere->texture);
    glUniform1i(sphere->frame, 0);
    if (goggles) {
        // The divider: two pixels of the clear colour between the eyes.
        int eye = (width - 2) / 2;
        draw_viewport(sphere, 0, eye, height, pan, tilt, vertical_angle_of_view);
        draw_viewport(sphere, width - eye, eye, height, pan, tilt, vertical_angle_of_view);
    } else {
        draw_viewport(sphere, 0, width, height, pan, tilt, vertical_angle_of_view);
    }
    glBindVertexArray(0);
    glUseProgram(0);
}

void cove_sphere_free(CoveSphere *sphere) {
    if (sphere == NULL) return;
    glDeleteTextures(1, &sphere->texture);
    glDeleteVertexArrays(1, &sphere->vertex_array);
    glDeleteProgram(sphere->program);
    free(sphere);
}
