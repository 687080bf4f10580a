import CoveCore
import Dispatch

/// Saves the picture on screen (`s`, "Save Frame"): the frame is found on the main thread, converted and written
/// on one serial queue, so two quick captures never pick the same free name, and the outcome comes back here.
final class FrameCapture {
    /// The folder frames go to; nil: the desktop's Pictures folder, looked up at each capture.
    var folder: String?
    /// Opens a saved picture (the notice's Open); nil: the desktop's image viewer. Tests record it instead.
    var openPicture: ((String) -> Void)?
    private let queue = DispatchQueue(label: "cove.frame-capture")
    /// The view's widgets are gone (its window closed): a capture finishing later tells no one.
    private var isViewGone = false

    func viewDestroyed() { isViewGone = true }

    enum Outcome {
        case saved(path: String)
        case failed(String)
    }

    func save(from source: any FullSizeFrameSource, at timestamp: Double?, base: String,
              completion: @escaping @MainActor (Outcome) -> Void) {
        let folder = folder ?? FrameCaptureFolder.defaultPath()
        queue.async {
            let result = FrameCaptureWriter.save(from: source, at: timestamp, folder: folder, base: base)
            Task { @MainActor [weak self] in
                guard let self, !self.isViewGone else { return }
                completion(Self.outcome(result, folder: folder))
            }
        }
    }

    private static func outcome(_ result: Result<String, FrameCaptureWriter.Failure>, folder: String) -> Outcome {
        switch result {
        case .success(let path): .saved(path: path)
        case .failure(.noFrame): .failed(noPicture)
        case .failure(.folder(let reason)), .failure(.write(let reason)):
            .failed(tr("The frame could not be saved in %@: %@").filling(folder, reason))
        }
    }

    static var noPicture: String { tr("There is no picture to save yet.") }
    static var audioOnly: String { tr("This is audio only: there is no picture to save.") }
}
