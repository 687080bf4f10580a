// Only the version header: libxml2's parser headers include ICU's, which clash with Foundation's own ICU module in
// Swift. The parser is reached through CXMLShim, whose C file includes them.
#include <libxml/xmlversion.h>
