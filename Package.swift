// swift-tools-version: 6.2
import PackageDescription

// Arrows point one way: cove → CoveApp → CoveUI → CoveCore and CoveApp → CoveService → CoveCore, and cove → CoveMedia
// → CoveCore and cove → CoveCast → CoveCore (the two players: GStreamer here, a Cast device there); CoveEmulator and
// CoveGLib beside them (GLib glue, no player knowledge); C targets at the bottom. CoveUI never sees the engine or a
// service: it reads the player state and shows what the app tier hands it.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
let mainActorByDefault: [SwiftSetting] = strict + [.defaultIsolation(MainActor.self)]

let package = Package(
    name: "Cove",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cove", targets: ["cove"]),
        .executable(name: "cove-demo-server", targets: ["cove-demo-server"]),
    ],
    targets: [
        // C libraries, one system-library target each.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-2.0"),
        // GTK 4 with libadwaita 1.2 (its pkg-config names gtk4): the application's shell (styles that follow the
        // desktop, header bar, About, Preferences, toasts, status pages); the player's own chrome stays the SDK's.
        .systemLibrary(name: "CGtk", pkgConfig: "libadwaita-1"),
        .systemLibrary(name: "CGStreamer", pkgConfig: "gstreamer-pbutils-1.0"),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl"),
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0"),
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy"),
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0"),
        .systemLibrary(name: "CZVBI", pkgConfig: "zvbi-0.2"),
        // DNS-SD through the desktop's avahi-daemon: Cast devices found on the network.
        .systemLibrary(name: "CAvahi", pkgConfig: "avahi-glib"),
        // The emulator's AES-128 HLS and signed media addresses only; the player itself never links it.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto"),
        // Small C shims: only what Swift cannot call.
        .target(name: "CLibc"),
        .target(name: "CGLibShim", dependencies: ["CGLib"], linkerSettings: [.linkedLibrary("dispatch")]),
        .target(name: "CGStreamerShim", dependencies: ["CGStreamer", "CGLib", "CXML2"],
                linkerSettings: [.linkedLibrary("gstapp-1.0")]),
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        // libxml2 for the VMAP reader; its parser headers stay out of Swift (their ICU clashes with Foundation's).
        .target(name: "CXMLShim", dependencies: ["CXML2"]),
        // libzvbi's CEA-608 caption decoder; its page structs (bitfields, a 1,056-cell array) stay in C.
        .target(name: "CZVBIShim", dependencies: ["CZVBI"]),
        // The cove executable only: SIGINT/SIGTERM blocked from a constructor, before main.
        .target(name: "CQuitEarly"),
        // X11: the keep-above request of the Picture in Picture window (GDK has no API for it).
        .target(name: "CGtkShim", dependencies: ["CGtk"], linkerSettings: [.linkedLibrary("X11")]),
        // protobuf-c: the Cast channel's CastMessage (code protoc-c generated from cast_channel.proto) and a shim
        // that packs and reads it with plain C strings.
        .target(name: "CCastChannel", exclude: ["cast_channel.proto"], linkerSettings: [.linkedLibrary("protobuf-c")]),
        // libcrypto's X.509 for the emulator's throwaway TLS certificates (the Cast device on loopback).
        .target(name: "CCryptoShim", dependencies: ["CCrypto"]),
        // The 360 view's GL (shaders, texture upload, the two eyes of VR goggles), as interop.md advises.
        .target(name: "CSphere", dependencies: ["CEpoxy"], linkerSettings: [.linkedLibrary("m")]),

        .target(name: "CoveCore", dependencies: ["CLibc"], exclude: ["README.md"], swiftSettings: strict,
                linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CoveGLib", dependencies: ["CoveCore", "CGLib", "CGLibShim", "CSoup"], exclude: ["README.md"],
                swiftSettings: strict),
        // XML through libxml2 (no network, no DTD, no entities), for the ad readers and the DASH manifest reader.
        .target(name: "CoveXML", dependencies: ["CoveCore", "CXMLShim"], exclude: ["README.md"], swiftSettings: strict),
        .target(name: "CoveService", dependencies: ["CoveCore", "CoveXML", "CCurl", "CCurlShim"], exclude: ["README.md"],
                swiftSettings: strict),
        .target(name: "CoveMedia",
                dependencies: ["CoveCore", "CoveGLib", "CGStreamer", "CGStreamerShim", "CGLib", "CGLibShim", "CSoup",
                               "CZVBIShim", "CLibc", "CoveXML"],
                exclude: ["README.md"], swiftSettings: strict),
        // Google Cast: the channel to a device (TLS through GIO, CASTV2 frames) and its protocol.
        .target(name: "CoveCast", dependencies: ["CoveCore", "CoveGLib", "CCastChannel", "CAvahi"],
                exclude: ["README.md"], swiftSettings: strict),
        .target(name: "CoveEmulator",
                dependencies: ["CoveCore", "CoveGLib", "CoveCast", "CSoup", "CGStreamer", "CGLib", "CGLibShim",
                               "CCrypto", "CCryptoShim", "CAvahi"],
                exclude: ["README.md"], swiftSettings: strict),
        .target(name: "CoveUI",
                dependencies: ["CoveCore", "CoveGLib", "CGtk", "CGtkShim", "CGLib", "CGLibShim", "CLibc", "CSphere"],
                exclude: ["README.md"], swiftSettings: mainActorByDefault),
        // The app's tier: launch options, configuration, recents, the renderer choice, and the pages that call
        // services (the start page, catalog search, downloads). CoveUI's widgets below it are handed what to show.
        .target(name: "CoveApp",
                dependencies: ["CoveCore", "CoveService", "CoveXML", "CoveUI", "CoveGLib", "CGtk", "CGtkShim", "CGLib",
                               "CGLibShim", "CLibc"],
                exclude: ["README.md"], swiftSettings: strict),
        .executableTarget(name: "cove",
                          dependencies: ["CoveCore", "CoveService", "CoveMedia", "CoveCast", "CoveUI", "CoveApp",
                                         "CoveGLib", "CGtk", "CGtkShim", "CGLib", "CGLibShim", "CLibc",
                                         "CQuitEarly"],
                          exclude: ["README.md"],
                          swiftSettings: mainActorByDefault),
        // The demo catalog's Playback API, a program of its own that `cove --demo` starts: the player never links
        // the emulator (nor, through it, libcrypto).
        .executableTarget(name: "cove-demo-server", dependencies: ["CoveEmulator", "CoveCore"], swiftSettings: strict),

        .executableTarget(name: "cove-bench", dependencies: ["CoveCore", "CoveService", "CoveEmulator", "CoveMedia", "CoveGLib"],
                          exclude: ["README.md"], swiftSettings: strict),

        .testTarget(name: "CoveCoreTests", dependencies: ["CoveCore"], swiftSettings: strict),
        .testTarget(name: "CoveCastTests", dependencies: ["CoveCast", "CoveEmulator", "CoveCore", "CoveGLib", "MDNSSandbox"],
                    swiftSettings: strict),
        .testTarget(name: "CoveAppTests", dependencies: ["CoveApp", "CoveCore"], swiftSettings: strict),
        .testTarget(name: "CoveServiceTests", dependencies: ["CoveService", "CoveEmulator", "CoveCore", "CFileWatch"],
                    exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(name: "CoveMediaTests", dependencies: ["CoveMedia", "CoveEmulator", "CoveCore", "CoveGLib",
                                                           "CFileWatch", "CFailingDecoder", "CGStreamerShim", "CGStreamer",
                                                           "CGLib", "CSoup"],
                    swiftSettings: strict),
        // Test support: a real avahi-daemon in a network of its own, for Cast device discovery.
        .target(name: "MDNSSandbox", path: "Tests/Support/MDNSSandbox", swiftSettings: strict),
        // Test support: inotify, to prove that no local file is opened on a server's word.
        .target(name: "CFileWatch", path: "Tests/Support/CFileWatch"),
        .target(name: "CFailingDecoder", dependencies: ["CGStreamer"], path: "Tests/Support/CFailingDecoder"),
        // Test support: watches the X11 root window for the Picture in Picture keep-above request.
        .target(name: "CX11Probe", dependencies: ["CGtk"], path: "Tests/Support/CX11Probe",
                linkerSettings: [.linkedLibrary("X11")]),
        // Test support: GTK's accessibility test API (variadic, so C), to read what a screen reader is told.
        .target(name: "CGtkTestProbe", dependencies: ["CGtk"], path: "Tests/Support/CGtkTestProbe"),
        .testTarget(name: "CoveUITests",
                    dependencies: ["CoveUI", "CoveApp", "CoveMedia", "CoveService", "CoveEmulator", "CoveCore", "CoveGLib",
                                   "CGtk", "CGtkShim",
                                   "CX11Probe", "CFileWatch", "CGtkTestProbe", "MDNSSandbox"],
                    swiftSettings: strict),
    ]
)
