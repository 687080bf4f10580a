import CoveCore
import CoveGLib
import FoundationEssentials

/// A player that is not GStreamer: it plays a clip it only pretends to have, on GLib's clock, and speaks the same
/// `PlaybackEngine` contract (signals on the main loop's next turn, each edge once a load, nothing after `stop`).
/// The controller contract tests run the same scenarios through it and through GStreamerEngine, so the seam a
/// remote or an ad player plugs into is proven by a second implementation.
///
/// `https://scripted.invalid/clip?seconds=S` is a clip of S seconds with video and one audio track (an address
/// that passes source selection and that nothing ever fetches); any other address cannot be opened.
@MainActor
final class ScriptedPlayer: PlaybackEngine {
    static let tick: UInt32 = 50
    static let positionInterval = 0.25
    nonisolated static let clipAddress = "https://scripted.invalid/clip"

    var signalHandler: (@MainActor (EngineSignal) -> Void)?
    let videoOutput = VideoOutput()
    private(set) var transport = EngineTransport()
    private(set) var duration: Double?
    var bufferedPosition: Double? { duration }
    private var current = 0.0
    var position: Double? { transport.isReady ? current : nil }

    private var wantsPlay = false
    private var isPlaying = false
    private var rate = 1.0
    private(set) var volume = 1.0
    private var clock: TimerSource?
    private var lastReported = -1.0
    /// Counts loads: a signal queued for an earlier load is never delivered.
    private var generation = 0
    private var queued: [(generation: Int, signal: EngineSignal)] = []
    private var delivery: TimerSource?

    func load(uri: String, options: EngineLoadOptions) {
        stopClock()
        generation += 1
        transport = EngineTransport()
        wantsPlay = false
        isPlaying = false
        lastReported = -1
        current = max(0, options.startPosition ?? 0)
        duration = nil
        guard uri.hasPrefix(Self.clipAddress), let seconds = Self.seconds(in: uri) else {
            send(.error(EngineError(kind: .resource, detail: "scripted: nothing at \(uri)")))
            return
        }
        let load = generation
        MainLoop.after(milliseconds: Self.tick) { [weak self] in
            guard let self, self.generation == load else { return }
            self.duration = seconds
            self.current = min(self.current, seconds)
            self.send(.ready)
            self.send(.duration(seconds))
            self.send(.seekable(SeekableRange(start: 0, end: seconds)))
            self.send(.streams(EngineStreams(hasVideo: true, audio: [MediaTrack(id: "scripted-audio")])))
            self.send(.streamsSelected(audio: "scripted-audio", text: nil))
            self.applyTarget()
        }
    }

    func play() {
        wantsPlay = true
        applyTarget()
    }

    func pause() {
        wantsPlay = false
        applyTarget()
    }

    func seek(to seconds: Double, tolerance: Double) {
        guard transport.isReady, !transport.hasFailed, let duration else { return }
        current = min(duration, max(0, seconds.isFinite ? seconds : 0))
        transport.hasEnded = false
        lastReported = current
        send(.position(current))
        applyTarget()
    }

    func setRate(_ rate: Double) { self.rate = rate > 0 ? rate : 1 }
    func setMaximumBitrate(_ bitsPerSecond: Int) {}
    func setForwardBuffer(seconds: Double) {}
    func selectAudioStream(_ id: String) {
        send(.streamsSelected(audio: id, text: nil))
    }
    func setVolume(_ level: Double) { volume = level }

    func stop() {
        stopClock()
        generation += 1
        queued.removeAll()
        transport = EngineTransport()
    }

    // MARK: The clock

    private func applyTarget() {
        guard transport.isReady, !transport.hasFailed else { return }
        let playing = wantsPlay && !transport.hasEnded
        guard playing != isPlaying else { return }
        isPlaying = playing
        send(playing ? .playing : .paused)
        if playing { startClock() } else { stopClock() }
    }

    private func startClock() {
        var last = ContinuousClock.now
        clock = MainLoop.every(milliseconds: Self.tick) { [weak self] in
            guard let self, let duration = self.duration else { return false }
            let now = ContinuousClock.now
            let elapsed = (now - last).components
            self.current = min(duration, self.current
                               + (Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18) * self.rate)
            last = now
            if self.current >= duration {
                self.send(.position(duration))
                self.send(.endOfStream)
                self.isPlaying = false
                self.clock = nil
                return false
            }
            if self.current - self.lastReported >= Self.positionInterval {
                self.lastReported = self.current
                self.send(.position(self.current))
            }
            return true
        }
    }

    private func stopClock() {
        clock?.cancel()
        clock = nil
    }

    /// As GStreamerEngine: the transport changes now, the signal goes out on the loop's next turn.
    private func send(_ signal: EngineSignal) {
        transport.record(signal)
        queued.append((generation, signal))
        guard delivery == nil else { return }
        delivery = MainLoop.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.delivery = nil
            while !self.queued.isEmpty {
                let (load, signal) = self.queued.removeFirst()
                guard load == self.generation else { continue }
                self.signalHandler?(signal)
            }
        }
    }

    private static func seconds(in uri: String) -> Double? {
        guard let range = uri.range(of: "seconds=") else { return nil }
        return Double(uri[range.upperBound...])
    }
}
