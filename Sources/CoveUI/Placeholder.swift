import CoveCore
