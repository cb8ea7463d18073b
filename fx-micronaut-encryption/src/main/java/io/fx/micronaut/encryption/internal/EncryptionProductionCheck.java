package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptionConfiguration;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.production.ProductionCheck;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.List;

/** Production validation refuses encrypted fields without a key provider (their reads and writes would all fail). */
@Singleton
final class EncryptionProductionCheck implements ProductionCheck {

    private final ModelRegistry registry;
    private final KeyRing keys;

    EncryptionProductionCheck(ModelRegistry registry, KeyRing keys) {
        this.registry = registry;
        this.keys = keys;
    }

    @Override
    @NonNull
    public List<String> findProblems() {
        List<EncryptedFields.Site> sites = EncryptedFields.all(registry);
        if (sites.isEmpty() || keys.isConfigured()) {
            return List.of();
        }
        return List.of("encrypted fields (" + String.join(", ", sites.stream().map(EncryptedFields.Site::subject).toList())
            + ") have no key provider: set " + EncryptionConfiguration.PROVIDER + " (env or vault) or declare a "
            + "KeyProvider bean");
    }
}
