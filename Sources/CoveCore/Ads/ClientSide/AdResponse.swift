/// What an ad server answered: VAST (ads) or VMAP (ad rules).
public enum AdResponse: Sendable, Equatable {
    case vast(VASTDocument)
    case adRules(AdRules)
}
