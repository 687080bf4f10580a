#include "cove_mpd_filter.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>

// Cove draws captions itself and loads a DASH WebVTT file under its own address rule. GStreamer 1.22's
// dashdemux2 selects the first text AdaptationSet by default and fetches it before decodebin3 can refuse it; a
// file it cannot fetch (a 404, a `file:` address libsoup refuses) then stalls the whole video before Ready. An
// application set that holds no subtitles is worse: dashdemux2 reaches g_assert_not_reached on it. So the MPD
// reaches dashdemux2 without those sets; the engine lists the text ones from the MPD as served (DASHManifest),
// and this rule must stay the one DASHManifest numbers the remaining sets by.
//
// Read without the network and without substituting entities; the document is written back as libxml2 read it.

static gboolean is_element(xmlNodePtr node, const char *name) {
    return node && node->type == XML_ELEMENT_NODE && xmlStrcmp(node->name, (const xmlChar *)name) == 0;
}

static xmlNodePtr first_child(xmlNodePtr node, const char *name) {
    for (xmlNodePtr child = node ? node->children : NULL; child; child = child->next) {
        if (is_element(child, name)) return child;
    }
    return NULL;
}

static gboolean has_prefix(const xmlChar *value, const char *prefix) {
    return value && strncmp((const char *)value, prefix, strlen(prefix)) == 0;
}

static gboolean holds_text(xmlNodePtr set) {
    xmlNodePtr representation = first_child(set, "Representation");
    if (!representation) return FALSE; // dashdemux2 activates no stream for it
    xmlChar *mime = xmlGetProp(representation, (const xmlChar *)"mimeType");
    if (!mime) mime = xmlGetProp(set, (const xmlChar *)"mimeType");
    gboolean text = has_prefix(mime, "text") || has_prefix(mime, "application");
    xmlFree(mime);
    return text;
}

GString *cove_mpd_without_text(const char *manifest, gsize length) {
    if (length > G_MAXINT) return NULL;
    xmlDocPtr document = xmlReadMemory(manifest, (int)length, "manifest.mpd", NULL,
                                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!document) return NULL;
    GString *result = NULL;
    xmlNodePtr root = xmlDocGetRootElement(document);
    gboolean removed = FALSE;
    if (is_element(root, "MPD")) {
        for (xmlNodePtr period = root->children; period; period = period->next) {
            if (!is_element(period, "Period")) continue;
            xmlNodePtr set = period->children;
            while (set) {
                xmlNodePtr next = set->next;
                if (is_element(set, "AdaptationSet") && holds_text(set)) {
                    xmlUnlinkNode(set);
                    xmlFreeNode(set);
                    removed = TRUE;
                }
                set = next;
            }
        }
    }
    if (removed) {
        xmlChar *text = NULL;
        int size = 0;
        xmlDocDumpMemory(document, &text, &size);
        if (text && size > 0) result = g_string_new_len((const gchar *)text, size);
        xmlFree(text);
    }
    xmlFreeDoc(document);
    return result;
}
