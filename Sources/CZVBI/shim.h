#include <libzvbi.h>
