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

// Text and CDATA of the node's descendants, in order. Entity references are passed over, not expanded: the parser
// keeps an entity of the document's own DTD as a reference (no substitution), and expanding it here would let a few
// hundred bytes of nested entities ("billion laughs") grow to gigabytes. The five predefined entities and character
// references are already text.
static void gather_text(xmlNodePtr node, xmlBufferPtr buffer) {
    for (xmlNodePtr child = node->children; child; child = child->next) {
        switch (child->type) {
        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
            if (child->content) xmlBufferCat(buffer, child->content);
            break;
        case XML_ELEMENT_NODE:
            gather_text(child, buffer);
            break;
        default:
            break;
        }
    }
}

char *cove_xml_text(const CoveXMLNode *node) {
    if (!node) return NULL;
    xmlBufferPtr buffer = xmlBufferCreate();
    if (!buffer) return NULL;
    gather_text((xmlNodePtr)node, buffer);
    char *text = (char *)xmlStrdup(xmlBufferContent(buffer));
    xmlBufferFree(buffer);
    return text;
}

void cove_xml_free_string(char *string) {
    if (string) xmlFree(string);
}
