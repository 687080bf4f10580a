#include "cove_master_text.h"

#include <string.h>

// The reading half of cove_master_filter.c, on GLib alone (so a fuzz target runs it without GStreamer): what
// the master playlist loses on its way to hlsdemux2, and why, is said there.

/// Whether an attribute list (`#EXT-X-MEDIA:` onwards) holds `KEY=value` (value unquoted, as TYPE is).
static gboolean has_attribute(const char *line, const char *pair) {
    size_t length = strlen(pair);
    for (const char *at = strstr(line, pair); at; at = strstr(at + 1, pair)) {
        char before = at == line ? ':' : at[-1];
        char after = at[length];
        if ((before == ':' || before == ',') && (after == ',' || after == '\0' || after == '\r')) return TRUE;
    }
    return FALSE;
}

/// Whether `uri` names a scheme, other than http(s). g_uri_parse_scheme, not g_uri_peek_scheme: that one interns
/// every scheme it meets for the life of the process, and a server's schemes are its to invent (the fuzz target
/// grew GLib's quark table without bound).
static gboolean scheme_is_other(const char *uri) {
    gchar *scheme = g_uri_parse_scheme(uri);
    gboolean other = scheme && g_ascii_strcasecmp(scheme, "http") != 0 && g_ascii_strcasecmp(scheme, "https") != 0;
    g_free(scheme);
    return other;
}

/// Whether `uri` is an http(s) address.
static gboolean scheme_is_web(const char *uri) {
    gchar *scheme = g_uri_parse_scheme(uri);
    gboolean web = scheme && (g_ascii_strcasecmp(scheme, "http") == 0 || g_ascii_strcasecmp(scheme, "https") == 0);
    g_free(scheme);
    return web;
}

/// Whether the rendition's quoted URI has a scheme other than http(s); a relative one resolves against the
/// master's http(s) address.
static gboolean names_other_scheme(const char *line) {
    const char *uri = strstr(line, "URI=\"");
    if (!uri) return FALSE;
    uri += 5;
    return scheme_is_other(uri);
}

/// `SUBTITLES="group"` out of a variant's attribute list.
static void drop_subtitles_group(GString *line) {
    char *at = strstr(line->str, "SUBTITLES=\"");
    if (!at || (at != line->str && at[-1] != ',' && at[-1] != ':')) return;
    char *close = strchr(at + 11, '"');
    if (!close) return;
    gsize start = (gsize)(at - line->str);
    gsize end = (gsize)(close - line->str) + 1;
    if (end < line->len && line->str[end] == ',') end += 1;
    else if (start > 0 && line->str[start - 1] == ',') start -= 1;
    g_string_erase(line, (gssize)start, (gssize)(end - start));
}

/// The quoted value of `KEY="` in an attribute list, newly allocated; NULL when absent.
static gchar *quoted_attribute(const char *line, const char *key) {
    size_t length = strlen(key);
    for (const char *at = strstr(line, key); at; at = strstr(at + 1, key)) {
        if (at != line && at[-1] != ',' && at[-1] != ':') continue;
        if (at[length] != '=' || at[length + 1] != '"') continue;
        const char *start = at + length + 2;
        const char *close = strchr(start, '"');
        return close ? g_strndup(start, (gsize)(close - start)) : NULL;
    }
    return NULL;
}

/// An audio rendition whose LANGUAGE an earlier rendition of another NAME had gets a language of its own, the same
/// for that NAME in every group (hlsdemux2 follows a language from group to group when the variant changes).
static void separate_audio_language(GString *line, GHashTable *first_name_of_language, GHashTable *token_of_name) {
    gchar *language = quoted_attribute(line->str, "LANGUAGE");
    gchar *name = quoted_attribute(line->str, "NAME");
    if (!language || !name) {
        g_free(language);
        g_free(name);
        return;
    }
    const char *first = g_hash_table_lookup(first_name_of_language, language);
    if (!first) {
        g_hash_table_insert(first_name_of_language, g_strdup(language), g_strdup(name));
    } else if (g_strcmp0(first, name) != 0) {
        const char *token = g_hash_table_lookup(token_of_name, name);
        if (!token) {
            token = g_strdup_printf("%s-x-cove%u", language, g_hash_table_size(token_of_name) + 1);
            g_hash_table_insert(token_of_name, g_strdup(name), (gpointer)token);
        }
        gchar *old = g_strdup_printf("LANGUAGE=\"%s\"", language);
        gchar *new = g_strdup_printf("LANGUAGE=\"%s\"", token);
        char *at = strstr(line->str, old);
        if (at) {
            gsize position = (gsize)(at - line->str);
            g_string_erase(line, (gssize)position, (gssize)strlen(old));
            g_string_insert(line, (gssize)position, new);
        }
        g_free(old);
        g_free(new);
    }
    g_free(language);
    g_free(name);
}

GString *cove_master_playlist_filter(const char *manifest, GString *removed, GString *closed_captions) {
    GString *out = g_string_sized_new(strlen(manifest));
    gchar **lines = g_strsplit(manifest, "\n", -1);
    GHashTable *first_name_of_language = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    GHashTable *token_of_name = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    for (gchar **line = lines; *line; line++) {
        if (g_str_has_prefix(*line, "#EXT-X-MEDIA:") && has_attribute(*line, "TYPE=SUBTITLES")) {
            g_string_append(removed, *line);
            g_string_append_c(removed, '\n');
            continue;
        }
        if (g_str_has_prefix(*line, "#EXT-X-MEDIA:") && has_attribute(*line, "TYPE=CLOSED-CAPTIONS")) {
            g_string_append(closed_captions, *line);
            g_string_append_c(closed_captions, '\n');
        }
        if (g_str_has_prefix(*line, "#EXT-X-MEDIA:") && has_attribute(*line, "TYPE=AUDIO") &&
            names_other_scheme(*line)) {
            continue;
        }
        GString *kept = g_string_new(*line);
        if (g_str_has_prefix(*line, "#EXT-X-STREAM-INF:")) drop_subtitles_group(kept);
        if (g_str_has_prefix(*line, "#EXT-X-MEDIA:") && has_attribute(*line, "TYPE=AUDIO")) {
            separate_audio_language(kept, first_name_of_language, token_of_name);
        }
        g_string_append_len(out, kept->str, (gssize)kept->len);
        g_string_free(kept, TRUE);
        if (line[1]) g_string_append_c(out, '\n');
    }
    g_strfreev(lines);
    g_hash_table_unref(first_name_of_language);
    g_hash_table_unref(token_of_name);
    return out;
}


/// `reference` resolved against `base` and made an address of the gate: `gate?u=<absolute, escaped>`; NULL when
/// it does not resolve to http(s) (hlsdemux2 then never fetches it).
static gchar *through_gate(const char *reference, const char *base, const char *gate) {
    gchar *absolute = g_uri_resolve_relative(base, reference, G_URI_FLAGS_NONE, NULL);
    if (!absolute) return NULL;
    gchar *address = NULL;
    if (scheme_is_web(absolute)) {
        gchar *escaped = g_uri_escape_string(absolute, NULL, FALSE);
        address = g_strconcat(gate, "?u=", escaped, NULL);
        g_free(escaped);
    }
    g_free(absolute);
    return address;
}

GString *cove_master_through_gate(const char *manifest, const char *base, const char *gate) {
    GString *out = g_string_new(NULL);
    gchar **lines = g_strsplit(manifest, "\n", -1);
    for (gchar **at = lines; *at; at++) {
        gchar *line = g_strstrip(*at);
        if (*line == '\0') continue;
        if (*line != '#') {
            gchar *address = through_gate(line, base, gate);
            // A variant that is not on the web is left out with its #EXT-X-STREAM-INF, which hlsdemux2 would
            // otherwise pair with the next variant.
            if (!address) {
                gchar *last = g_strrstr(out->str, "\n#EXT-X-STREAM-INF:");
                if (last) g_string_truncate(out, (gsize)(last - out->str) + 1);
                else if (g_str_has_prefix(out->str, "#EXT-X-STREAM-INF:")) g_string_truncate(out, 0);
                continue;
            }
            g_string_append(out, address);
            g_string_append_c(out, '\n');
            g_free(address);
            continue;
        }
        const char *uri = (g_str_has_prefix(line, "#EXT-X-MEDIA:") || g_str_has_prefix(line, "#EXT-X-I-FRAME-STREAM-INF:")
                           || g_str_has_prefix(line, "#EXT-X-IMAGE-STREAM-INF:")) ? strstr(line, "URI=\"") : NULL;
        const char *close = uri ? strchr(uri + 5, '"') : NULL;
        // A URI without its closing quote names nothing hlsdemux2 should fetch: the line goes.
        if (uri && !close) continue;
        if (!close) {
            g_string_append(out, line);
            g_string_append_c(out, '\n');
            continue;
        }
        gchar *reference = g_strndup(uri + 5, (gsize)(close - uri - 5));
        gchar *address = through_gate(reference, base, gate);
        g_free(reference);
        if (address) {
            g_string_append_len(out, line, uri + 5 - line);
            g_string_append(out, address);
            g_string_append(out, close);
            g_string_append_c(out, '\n');
            g_free(address);
        }
    }
    g_strfreev(lines);
    return out;
}
