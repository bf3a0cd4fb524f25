// The plugin's entry point, written out rather than through KWin's
// KWIN_EFFECT_FACTORY macro, whose generated class name moc cannot see.
#include "companion.h"

class AdaptivePointerCompanionFactory : public KWin::EffectPluginFactory
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID EffectPluginFactory_iid FILE "metadata.json")
    Q_INTERFACES(KPluginFactory)
public:
    bool isSupported() const override { return AdaptivePointerCompanion::supported(); }
    bool enabledByDefault() const override { return false; }
    KWin::Effect *createEffect() const override { return new AdaptivePointerCompanion(); }
};

#include "main.moc"
