import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials
extension LaunchOptions {
    /// The `--help` text, translated.
    public static var helpText: String {
        let lines = [
            tr("Usage: cove [OPTION…] [FILE|URI…]"),
            "",
            tr("Play Brightcove Video Cloud videos and plain media."),
            "",
            "  FILE|URI…                     " + tr("play these local files or http(s) URLs, one after another"),
            "  --video-id ID                 " + tr("play this video from the Playback API"),
            "  --reference-id REF            " + tr("play the video with this reference ID"),
            "  --playlist-id ID              " + tr("play this playlist"),
            "  --playlist-reference-id REF   " + tr("play the playlist with this reference ID"),
            "  --limit N, --offset N         " + tr("a page of the playlist: at most N videos, from the Nth on"),
            "  --bumper-id ID                " + tr("play this video first, as a bumper"),
            "  --bumper-reference-id REF     " + tr("play the video with this reference ID first, as a bumper"),
            "  --auth-token JWT              " + tr("Playback Rights token (sent to the authorization host)"),
            "  --ad-config-id ID             " + tr("Server-Side Ad Insertion configuration"),
            "  --config-id ID                " + tr("Delivery Rules configuration"),
            "  --ad-tag URL                  " + tr("client-side ads: a VMAP ad rules or VAST tag for every video"),
            "  --ad-tag-cue-points           " + tr("with --ad-tag: a VAST request at each ad cue point, with its properties"),
            "  --ad-tag-field NAME           " + tr("the custom field with a video's own ad tag, which wins (default: ad_tag)"),
            "  --ad-policy all|first|last    " + tr("which ad breaks a forward seek plays (default: last)"),
            "  --ad-timeout SECONDS          " + tr("how long to wait for each ad server answer (default: 5)"),
            "  --ad-wrapper-limit N          " + tr("how many VAST wrappers to follow (default: 5)"),
            "  --ad-targeting KEY=VALUE      " + tr("audience targeting for ad requests (cust_params); may be repeated"),
            "  --cast-device HOST[:PORT]     " + tr("a Cast device on the network, by address; may be repeated"),
            "  --cast-to NAME|HOST[:PORT]    " + tr("play on this Cast device from the start"),
            "  --cast-receiver RECEIVER      " + tr("the receiver app: brightcove, default or an app ID"),
            "  --cast-requires-ads           " + tr("do not cast a video whose client-side ads a receiver cannot play"),
            "  --account-id ID               " + tr("Video Cloud account ID (or COVE_ACCOUNT_ID)"),
            "  --policy-key KEY              " + tr("Playback API policy key (or COVE_POLICY_KEY)"),
            "  --playback-api-base URL       " + tr("Playback API base URL (or COVE_PLAYBACK_API_BASE)"),
            "  --playback-api-auth-base URL  " + tr("base URL for token requests (or COVE_PLAYBACK_API_AUTH_BASE)"),
            "  --stream-concurrency          " + tr("limit how many streams a viewer plays at once (needs a token with uid and climit)"),
            "  --gsc-base URL                " + tr("Generic Stream Concurrency service base URL (or COVE_GSC_BASE)"),
            "  --url URL|PATH                " + tr("play a media URL or file without the Playback API"),
            "  --projection NAME             " + tr("with --url: the video's projection (equirectangular: 360°)"),
            "  --start-at SECONDS            " + tr("start at this place of the video (seconds or MM:SS), skipping the ads before it"),
            "  --demo                        " + tr("play from the built-in demo catalog (no internet needed)"),
            "  --download                    " + tr("with --video-id: download the video for offline viewing, without a window"),
            "  --quality QUALITY             " + tr("play (or with --download, download) this quality, e.g. 720p"),
            "  --hwdec no|auto               " + tr("decode on the GPU where there is one (auto, the default) or never"),
            "  --audio-language LANG         " + tr("play this audio language when a video has it (default: the desktop's)"),
            "  --caption-language LANG|off   " + tr("show captions in this language (default: when the audio is not in yours)"),
            "  --prefer-audio-description    " + tr("play the audio description when a video has one"),
            "  --downloads                   " + tr("list the downloaded videos and exit"),
            "  --search QUERY                " + tr("search the catalog (needs a search-enabled policy key), print the results and exit"),
            "  --sort FIELD                  " + tr("with --search: the order, e.g. name or -updated_at (the default)"),
            "  --analytics-base URL          " + tr("send Video Cloud Analytics events to this host instead"),
            "  --no-analytics                " + tr("send no viewing statistics to Video Cloud Analytics"),
            "  --analytics                   " + tr("with --demo: report the demo's videos to Video Cloud Analytics too"),
            "  --print-events                " + tr("write every playback event to stdout as a JSON line"),
            "  --stats                       " + tr("with --print-events: also the playback statistics every second"),
            "  --layout NAME                 " + tr("use a supplied control layout: vod, live, live-dvr, aod, live-audio, live-dvr-audio"),
            "  --layout-file FILE            " + tr("use a custom control layout from a JSON file"),
            "  --new-window                  " + tr("start a player of its own, even if Cove is running"),
            "  --gapplication-service        " + tr("for D-Bus activation: wait to be asked for a window"),
            "  --version                     " + tr("show the version and exit"),
            "  --verbose                     " + tr("with --version: also the session ID and library versions"),
            "  -h, --help                    " + tr("show this help and exit"),
            "",
            tr("Settings not given here are read from $XDG_CONFIG_HOME/cove/cove.conf (see “man cove”)."),
            "",
            tr("Files and URIs given alone (or nothing at all) go to the Cove already running, which plays them in its window."),
            tr("Any option starts a player of its own instead, as --new-window does."),
        ]
        return lines.joined(separator: "\n")
    }
}
