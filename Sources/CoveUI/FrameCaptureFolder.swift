import CGLib

/// Where saved frames go: the desktop's Pictures folder (XDG user dirs), `$HOME/Pictures` where none is set.
nonisolated enum FrameCaptureFolder {
    static func defaultPath() -> String {
        resolve(pictures: g_get_user_special_dir(G_USER_DIRECTORY_PICTURES).map { String(cString: $0) },
                home: String(cString: g_get_home_dir()))
    }

    static func resolve(pictures: String?, home: String) -> String {
        if let pictures, !pictures.isEmpty { return pictures }
        return home + "/Pictures"
    }
}
