import CoveApp
import CoveGLib

/// The MPRIS 2.2 interfaces Cove implements (https://specifications.freedesktop.org/mpris-spec/latest/): the
/// root and the Player, no TrackList or Playlists (a queue is not a library the viewer edits).
enum MPRISInterfaces {
    static let busName = "org.mpris.MediaPlayer2.cove"
    static let objectPath = "/org/mpris/MediaPlayer2"
    static let root = "org.mpris.MediaPlayer2"
    static let player = "org.mpris.MediaPlayer2.Player"

    static let introspectionXML = """
        <node>
          <interface name="org.mpris.MediaPlayer2">
            <method name="Raise"/>
            <method name="Quit"/>
            <property name="CanQuit" type="b" access="read"/>
            <property name="CanRaise" type="b" access="read"/>
            <property name="HasTrackList" type="b" access="read"/>
            <property name="Identity" type="s" access="read"/>
            <property name="DesktopEntry" type="s" access="read"/>
            <property name="SupportedUriSchemes" type="as" access="read"/>
            <property name="SupportedMimeTypes" type="as" access="read"/>
          </interface>
          <interface name="org.mpris.MediaPlayer2.Player">
            <method name="Next"/>
            <method name="Previous"/>
            <method name="Pause"/>
            <method name="PlayPause"/>
            <method name="Stop"/>
            <method name="Play"/>
            <method name="Seek"><arg direction="in" name="Offset" type="x"/></method>
            <method name="SetPosition">
              <arg direction="in" name="TrackId" type="o"/>
              <arg direction="in" name="Position" type="x"/>
            </method>
            <method name="OpenUri"><arg direction="in" name="Uri" type="s"/></method>
            <signal name="Seeked"><arg name="Position" type="x"/></signal>
            <property name="PlaybackStatus" type="s" access="read"/>
            <property name="Rate" type="d" access="readwrite"/>
            <property name="Metadata" type="a{sv}" access="read"/>
            <property name="Volume" type="d" access="readwrite"/>
            <property name="Position" type="x" access="read"/>
            <property name="MinimumRate" type="d" access="read"/>
            <property name="MaximumRate" type="d" access="read"/>
            <property name="CanGoNext" type="b" access="read"/>
            <property name="CanGoPrevious" type="b" access="read"/>
            <property name="CanPlay" type="b" access="read"/>
            <property name="CanPause" type="b" access="read"/>
            <property name="CanSeek" type="b" access="read"/>
            <property name="CanControl" type="b" access="read"/>
          </interface>
        </node>
        """

    /// What the root interface says of Cove; none of it changes while Cove runs.
    static let rootProperties: [String: DBusValue] = [
        "CanQuit": .bool(true),
        "CanRaise": .bool(true),
        "HasTrackList": .bool(false),
        // A name, not a sentence: not translated, as the desktop file's Name is not.
        "Identity": .string("Cove"),
        "DesktopEntry": .string("io.github.cove.Player"),
        "SupportedUriSchemes": .strings(["file", "http", "https"]),
        // The types the desktop file declares.
        // The launcher entry's MimeType list (data/io.github.cove.Player.desktop; CoveMPRISTests keeps them equal).
        "SupportedMimeTypes": .strings([
            "video/mp4", "video/x-m4v", "video/quicktime", "video/webm", "video/x-matroska", "video/ogg", "video/mp2t",
            "video/mpeg", "video/x-msvideo", "video/x-flv", "video/3gpp", "application/vnd.apple.mpegurl",
            "application/x-mpegURL", "audio/x-mpegurl", "application/dash+xml", "audio/mp4", "audio/x-m4a",
            "audio/aac", "audio/mpeg", "audio/ogg", "audio/x-vorbis+ogg", "audio/opus", "audio/flac", "audio/x-flac",
            "audio/x-wav", "audio/webm", "audio/x-matroska",
        ]),
    ]
}
