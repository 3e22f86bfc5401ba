#pragma once

#include <QString>

#include "core/ledger/Activations.h"
#include "core/ledger/MemoryLedger.h"
#include "core/ledger/ModelPresets.h"

namespace floatscope::text {

// The memory ledger's words: the built-in recipes' names and notes, components, model presets, and
// why an input is refused. A user's own scheme or component keeps the name the user gave it.

QString roleName(ComponentRole role);                    // "master weights", "optimizer states", ...
QString componentLabel(const LedgerComponent& component);  // "Adam m", "gradients", or the user's label
QString schemeName(const LedgerScheme& scheme);          // "BF16 mixed precision", or the user's name
// What a built-in recipe's accounting assumes, where sources count differently; empty for a user's.
QString schemeNote(const LedgerScheme& scheme);
QString schemeSource(const LedgerScheme& scheme);        // the citations, or "user"
QString schemeGemm(const LedgerScheme& scheme);          // the GEMMs' input precision ("-" for a user's)
QString modelName(const ModelPreset& preset);            // "Llama 3.1 405B", "the BF16 lesson's anchor model"
// Where a preset's parameter count comes from: the published config it is summed from, or the lesson.
QString modelSource(const ModelPreset& preset);
// How much of the activations is recomputed in the backward pass: "no recomputation", ...
QString recomputationName(Recomputation recomputation);

QString message(const LedgerError& error);
QString message(const ParameterCountError& error);
QString message(const ActivationError& error);

}  // namespace floatscope::text
