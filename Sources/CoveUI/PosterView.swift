import CGtk
import CoveCore

/// The video's poster, aspect-fit over the (empty) video area while an audio-only layout is shown, as the SDK puts
/// it in the content overlay view.
final class PosterView {
    let root: Widget
    private let textures: RemoteTextures
    private var posterURL: String?

    init(textures: RemoteTextures) {
        self.textures = textures
        root = gtk_picture_new()
        gtk_picture_set_content_fit(cast(root), GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_set_can_target(root, 0)
        gtk_widget_set_visible(root, 0)
    }

    var isShowing: Bool { gtk_widget_get_visible(root) != 0 && gtk_picture_get_paintable(cast(root)) != nil }

    /// Shows `video`'s poster when `audioOnly`, otherwise nothing.
    func update(video: Video?, audioOnly: Bool) {
        let url = audioOnly ? (video?.poster ?? video?.posterSources.first)?.absoluteString : nil
        gtk_widget_set_visible(root, url == nil ? 0 : 1)
        guard url != posterURL else { return }
        posterURL = url
        gtk_picture_set_paintable(cast(root), nil)
        guard let url else { return }
        textures.texture(for: url) { [weak self] texture in
            guard let self, self.posterURL == url, let texture else { return }
            gtk_picture_set_paintable(cast(self.root), texture)
        }
    }
}
