package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptedField;
import io.fx.micronaut.encryption.EncryptionConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;
import io.micronaut.context.annotation.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks the encrypted fields at startup: none is a relation key or an index column; an {@code encrypted,unique}
 * field needs {@code fx.encryption.index-key}; with the environment provider, every active key and the index key
 * must be set (failing naming the variable). Without any provider the fields' reads and writes fail closed: an
 * error is logged here, and production validation refuses to start.
 */
@Context
final class EncryptionStartupCheck {

    private static final Logger LOG = LoggerFactory.getLogger(EncryptionStartupCheck.class);

    EncryptionStartupCheck(ModelRegistry registry, KeyRing keys, Optional<EnvKeyProvider> env,
                           EncryptionConfiguration configuration) {
        String named = configuration.getProvider();
        if (named != null && !named.isBlank() && !EncryptionConfiguration.ENV.equals(named)
            && !EncryptionConfiguration.VAULT.equals(named)) {
            throw new FxConfigurationException(EncryptionConfiguration.PROVIDER + " is '" + named
                + "': it names env or vault (or leave it unset and declare a KeyProvider bean)");
        }
        List<EncryptedFields.Site> sites = EncryptedFields.all(registry);
        sites.forEach(EncryptionStartupCheck::checkShape);
        if (sites.isEmpty()) {
            return;
        }
        if (!keys.isConfigured()) {
            LOG.error("Encrypted fields {} have no key provider ({} unset and no KeyProvider bean): their reads and "
                + "writes answer 500 ENCRYPTION_NOT_CONFIGURED", sites.stream().map(EncryptedFields.Site::subject).toList(),
                EncryptionConfiguration.PROVIDER);
            return;
        }
        Set<String> needed = new TreeSet<>(keys.configuredKeyNames().stream().map(keys::activeKeyId).toList());
        for (EncryptedFields.Site site : sites) {
            needed.add(keys.activeKeyId(EncryptedField.of(site.field()).orElseThrow().keyName()));
            if (site.field().unique() && keys.indexKeyId().isEmpty()) {
                throw new FxConfigurationException("Model " + site.model().getName() + ", field " + site.field().name()
                    + ": encrypted,unique needs a blind-index key: set " + EncryptionConfiguration.PREFIX + ".index-key");
            }
        }
        keys.indexKeyId().ifPresent(needed::add);
        for (String keyId : needed) {
            if (!io.fx.micronaut.encryption.internal.Envelope.isKeyId(keyId)) {
                throw new FxConfigurationException("Encryption key id '" + keyId + "' must match [a-z0-9-]{1,64}");
            }
        }
        env.ifPresent(provider -> needed.forEach(provider::require));
    }

    private static void checkShape(EncryptedFields.Site site) {
        ModelDescriptor model = site.model();
        String field = site.field().name();
        for (RelationDescriptor relation : model.getRelations()) {
            if (relation.kind() == RelationKind.BELONGS_TO && relation.foreignKey().name().equals(field)) {
                throw new FxConfigurationException("Model " + model.getName() + ", field " + field
                    + ": an encrypted field cannot be a relation key");
            }
        }
        for (IndexDescriptor index : model.getIndices()) {
            if (index.columns().stream().map(IndexDescriptor::columnName).anyMatch(field::equals)) {
                throw new FxConfigurationException("Model " + model.getName() + ", field " + field
                    + ": an encrypted field cannot be an index column (index " + index.name() + ")");
            }
        }
    }
}
