import CGLib
import CGLibShim
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// Catalog search for the Video Cloud form: a search entry, a spinner while a request runs, the results as a grid
/// of posters that loads the next page as the viewer scrolls, and a sentence in place of the grid when nothing
/// matched or the API refused. Requests run off the main thread (libcurl's); answers arrive on it.
@MainActor
public final class CatalogSearchView {
    /// The service to search with, or the form's sentence when the account or key is missing.
    public typealias ServiceProvider = @MainActor () -> Result<PlaybackService, LaunchOptionsError>

    public let widget: Widget
    let entry: Widget
    let spinner: Widget
    /// Why the search could not run (the account, the key, the API's refusal).
    let status: Widget
    /// In place of the grid when the words matched nothing: libadwaita's compact status page.
    let nothingFound: Widget
    let grid: CatalogSearchGrid
    private let provider: ServiceProvider
    private var service: PlaybackService?
    private(set) var pages: SearchPages
    /// Enter was pressed before the results were there: the first result plays once they are.
    private var playFirstWhenReady = false
    private var lastFailed = false
    /// Called with the result the viewer chose.
    var onPlay: (Video) -> Void = { _ in }

    public init(pageSize: Int = VideoSearch.defaultLimit, provider: @escaping ServiceProvider) {
        self.provider = provider
        pages = SearchPages(pageSize: pageSize)
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        entry = gtk_search_entry_new()
        gtk_widget_set_hexpand(entry, 1)
        // GTK 4.8 has the property but not yet its setter.
        cove_object_set_string(UnsafeMutableRawPointer(entry), "placeholder-text", tr("Name, tag or words"))
        cove_accessible_set_label(entry, tr("Search the catalog"))
        spinner = gtk_spinner_new()
        gtk_widget_set_visible(spinner, 0)
        cove_accessible_set_label(spinner, tr("Searching"))
        gtk_box_append(cast(row), entry)
        gtk_box_append(cast(row), spinner)
        status = gtk_label_new(nil)
        gtk_label_set_wrap(cast(status), 1)
        gtk_label_set_xalign(cast(status), 0)
        gtk_label_set_max_width_chars(cast(status), 40)
        gtk_widget_add_css_class(status, "cove-search-status")
        gtk_widget_add_css_class(status, "error")
        gtk_widget_set_visible(status, 0)
        nothingFound = adw_status_page_new()
        adw_status_page_set_icon_name(cast(nothingFound), "edit-find-symbolic")
        adw_status_page_set_title(cast(nothingFound), tr("No Videos Found"))
        gtk_widget_add_css_class(nothingFound, "compact")
        gtk_widget_set_vexpand(nothingFound, 1)
        gtk_widget_set_visible(nothingFound, 0)
        AccessibleNames.nameAll(under: nothingFound, type: gtk_scrollbar_get_type(), tr("Search Results"))
        grid = CatalogSearchGrid()
        gtk_widget_set_visible(grid.scroller, 0)
        for child in [row, status, nothingFound, grid.scroller] { gtk_box_append(cast(widget), child) }

        Signals.connect(UnsafeMutableRawPointer(entry), "search-changed") { [unowned self] in self.search() }
        Signals.connect(UnsafeMutableRawPointer(entry), "activate") { [unowned self] in self.playFirst() }
        grid.onChoose = { [unowned self] index in
            if self.pages.videos.indices.contains(index) { self.onPlay(self.pages.videos[index]) }
        }
        grid.onNearEnd = { [unowned self] in self.loadMore() }
    }

    /// The query as typed.
    var text: String { String(cString: gtk_editable_get_text(OpaquePointer(entry))) }

    /// Starts over with the entry's text (the form's account and key as they are now).
    func search() {
        // The same words again (search-changed after Enter already started them): the search in flight or shown
        // stands, unless it failed (the viewer may have fixed the account or key meanwhile).
        let query = trimmingWhitespace(text)
        if query == pages.query, !query.isEmpty, !lastFailed, pages.isLoading || pages.count != nil { return }
        playFirstWhenReady = false
        lastFailed = false
        guard let request = pages.start(query) else {
            show()
            return
        }
        switch provider() {
        case .success(let service):
            self.service = service
            fetch(request)
        case .failure(let error):
            _ = pages.fail(request)
            lastFailed = true
            show(error: error.message)
        }
    }

    /// Enter: the first result plays, or will once the search has answered.
    func playFirst() {
        search()
        if let first = pages.videos.first {
            onPlay(first)
        } else if pages.isLoading {
            playFirstWhenReady = true
        }
    }

    private func loadMore() {
        guard let request = pages.next() else { return }
        fetch(request)
    }

    private func fetch(_ request: VideoSearch) {
        guard let service else { return }
        show()
        Task { @MainActor [weak self] in
            do throws(PlaybackServiceError) {
                let results = try await service.search(request)
                self?.received(results, for: request)
            } catch {
                self?.failed(error, for: request)
            }
        }
    }

    private func received(_ results: VideoSearchResults, for request: VideoSearch) {
        guard pages.receive(results, for: request) else { return }
        if playFirstWhenReady, let first = pages.videos.first {
            playFirstWhenReady = false
            onPlay(first)
            return
        }
        show()
    }

    private func failed(_ error: PlaybackServiceError, for request: VideoSearch) {
        guard pages.fail(request) else { return }
        playFirstWhenReady = false
        lastFailed = true
        show(error: error.searchMessage)
    }

    /// The spinner, the grid and the sentence as the pages say; `error` replaces the grid when nothing is shown yet.
    private func show(error: String? = nil) {
        gtk_widget_set_visible(spinner, pages.isLoading ? 1 : 0)
        if pages.isLoading { gtk_spinner_start(OpaquePointer(spinner)) } else { gtk_spinner_stop(OpaquePointer(spinner)) }
        grid.show(pages.videos.map(CatalogSearchItem.init))
        gtk_widget_set_visible(grid.scroller, pages.videos.isEmpty ? 0 : 1)
        gtk_label_set_text(cast(status), error ?? "")
        gtk_widget_set_visible(status, error == nil ? 0 : 1)
        let nothing = error == nil && pages.isEmpty
        if nothing { adw_status_page_set_description(cast(nothingFound), SearchMessages.noMatches(pages.query)) }
        gtk_widget_set_visible(nothingFound, nothing ? 1 : 0)
    }

    /// The sentence shown instead of results, if any; for tests.
    var statusText: String? {
        if gtk_widget_get_visible(status) != 0 { return String(cString: gtk_label_get_text(cast(status))) }
        guard gtk_widget_get_visible(nothingFound) != 0, let text = adw_status_page_get_description(cast(nothingFound))
        else { return nil }
        return String(cString: text)
    }
}
