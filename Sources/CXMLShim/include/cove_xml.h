#ifndef COVE_XML_H
#define COVE_XML_H
#include <stddef.h>

// A read-only view of a libxml2 tree for Swift, without libxml2's headers (see CXML2/shim.h). Nodes are valid while
// their document is; strings returned are the caller's (cove_xml_free_string).
typedef struct CoveXMLDocument CoveXMLDocument;
typedef struct CoveXMLNode CoveXMLNode;

// Parses without network access, without substituting entities and without loading a DTD; NULL if not well-formed.
CoveXMLDocument *cove_xml_read(const char *bytes, size_t length);
void cove_xml_free_document(CoveXMLDocument *document);
const CoveXMLNode *cove_xml_root(const CoveXMLDocument *document);
// The first child element, and the next sibling element (text, comments and CDATA are passed over).
const CoveXMLNode *cove_xml_first_element(const CoveXMLNode *node);
const CoveXMLNode *cove_xml_next_element(const CoveXMLNode *node);
// The local name (without prefix).
const char *cove_xml_name(const CoveXMLNode *node);
char *cove_xml_attribute(const CoveXMLNode *node, const char *name);
// All text inside, CDATA included; references to the document's own entities are not expanded.
char *cove_xml_text(const CoveXMLNode *node);
void cove_xml_free_string(char *string);

#endif
