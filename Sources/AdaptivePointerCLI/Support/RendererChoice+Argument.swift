import ArgumentParser
import PointerHost

extension RendererChoice: ExpressibleByArgument {}
