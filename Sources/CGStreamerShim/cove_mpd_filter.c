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
// A Representation without its `bandwidth` or `id` (both required, both left out by some packagers) is one
// dashdemux2 will not play: "no streams" and an error. Cove gives it the lowest bandwidth and an id of its own.
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

// TRUE when an attribute was added.
static gboolean complete_representations(xmlNodePtr set, guint *numbered) {
    gboolean changed = FALSE;
    for (xmlNodePtr child = set->children; child; child = child->next) {
        if (!is_element(child, "Representation")) continue;
        if (!xmlHasProp(child, (const xmlChar *)"bandwidth")) {
            xmlSetProp(child, (const xmlChar *)"bandwidth", (const xmlChar *)"1");
            changed = TRUE;
        }
        if (!xmlHasProp(child, (const xmlChar *)"id")) {
            gchar *id = g_strdup_printf("cove-representation-%u", (*numbered)++);
            xmlSetProp(child, (const xmlChar *)"id", (const xmlChar *)id);
            g_free(id);
            changed = TRUE;
        }
    }
    return changed;
}

GString *cove_mpd_for_demuxer(const char *manifest, gsize length) {
    if (length > G_MAXINT) return NULL;
    xmlDocPtr document = xmlReadMemory(manifest, (int)length, "manifest.mpd", NULL,
                                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (!document) return NULL;
    GString *result = NULL;
    xmlNodePtr root = xmlDocGetRootElement(document);
    gboolean changed = FALSE; // a text set removed or a Representation completed
    guint numbered = 0;
    if (is_element(root, "MPD")) {
        for (xmlNodePtr period = root->children; period; period = period->next) {
            if (!is_element(period, "Period")) continue;
            xmlNodePtr set = period->children;
            while (set) {
                xmlNodePtr next = set->next;
                if (is_element(set, "AdaptationSet") && holds_text(set)) {
                    xmlUnlinkNode(set);
                    xmlFreeNode(set);
                    changed = TRUE;
                } else if (is_element(set, "AdaptationSet") && complete_representations(set, &numbered)) {
                    changed = TRUE;
                }
                set = next;
            }
        }
    }
    if (changed) {
        xmlChar *text = NULL;
        int size = 0;
        xmlDocDumpMemory(document, &text, &size);
        if (text && size > 0) result = g_string_new_len((const gchar *)text, size);
        xmlFree(text);
    }
    xmlFreeDoc(document);
    return result;
}
