#include <gtk/gtk.h>
// libadwaita beside GTK in one module: two modules would each hold their own copy of GTK's declarations.
#include <adwaita.h>
