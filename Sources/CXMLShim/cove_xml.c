#include "cove_xml.h"
#include <libxml/parser.h>
#include <libxml/tree.h>

CoveXMLDocument *cove_xml_read(const char *bytes, size_t length) {
    if (length > (size_t)INT_MAX) return NULL;
    xmlDocPtr document = xmlReadMemory(bytes, (int)length, "vmap.xml", NULL,
                                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    return (CoveXMLDocument *)document;
}

void cove_xml_free_document(CoveXMLDocument *document) {
    if (document) xmlFreeDoc((xmlDocPtr)document);
}

const CoveXMLNode *cove_xml_root(const CoveXMLDocument *document) {
    return (const CoveXMLNode *)xmlDocGetRootElement((xmlDocPtr)document);
}

static const CoveXMLNode *element_from(xmlNodePtr node) {
    while (node && node->type != XML_ELEMENT_NODE) node = node->next;
    return (const CoveXMLNode *)node;
}

const CoveXMLNode *cove_xml_first_element(const CoveXMLNode *node) {
    return node ? element_from(((xmlNodePtr)node)->children) : NULL;
}

const CoveXMLNode *cove_xml_next_element(const CoveXMLNode *node) {
    return node ? element_from(((xmlNodePtr)node)->next) : NULL;
}

const char *cove_xml_name(const CoveXMLNode *node) {
    return node ? (const char *)((xmlNodePtr)node)->name : NULL;
}

char *cove_xml_attribute(const CoveXMLNode *node, const char *name) {
    return node ? (char *)xmlGetProp((xmlNodePtr)node, (const xmlChar *)name) : NULL;
}

char *cove_xml_text(const CoveXMLNode *node) {
    return node ? (char *)xmlNodeGetContent((xmlNodePtr)node) : NULL;
}

void cove_xml_free_string(char *string) {
    if (string) xmlFree(string);
}
