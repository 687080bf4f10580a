import CGLib

/// Where saved frames go: the desktop's Pictures folder (XDG user dirs), `$HOME/Pictures` where none is set.
nonisolated enum FrameCaptureFolder {
    static func defaultPath() -> String {
        if let pictures = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES) {
            let path = String(cString: pictures)
            if !path.isEmpty { return path }
        }
        return String(cString: g_get_home_dir()) + "/Pictures"
    }
}
