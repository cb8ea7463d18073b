package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.encryption.EncryptedField;
import io.fx.micronaut.encryption.EncryptionErrorCodes;
import io.fx.micronaut.encryption.KeyRotation;
import io.fx.micronaut.encryption.RotationFailure;
import io.fx.micronaut.encryption.RotationReport;
import io.fx.micronaut.encryption.RotationRequest;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.model.RecordIds;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@link KeyRotation}: keys checked first, a preflight over every row after {@code afterId}, then batches of
 * locked, re-read rows, one transaction each. Logs name the model, the key ids, counts and record ids, never a
 * value.
 */
@Singleton
final class DefaultKeyRotation implements KeyRotation {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultKeyRotation.class);

    private final ModelRegistry registry;
    private final Models models;
    private final FieldCipher cipher;

    DefaultKeyRotation(ModelRegistry registry, Models models, FieldCipher cipher) {
        this.registry = registry;
        this.models = models;
        this.cipher = cipher;
    }

    @Override
    @NonNull
    public RotationReport rotate(@NonNull RotationRequest request) {
        ModelDescriptor model = registry.findByName(request.model()).orElseThrow(() ->
            new IllegalArgumentException("Unknown model '" + request.model() + "'"));
        List<FieldDescriptor> fields = EncryptedFields.of(model).stream().map(EncryptedFields.Site::field).toList();
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("Model " + model.getName() + " has no encrypted field");
        }
        checkKeys(model, fields, request);
        RotationRows rows = new RotationRows(models, model, fields);
        Plan plan = new Plan(model, request);
        Preflight preflight = preflight(rows, plan, request);
        if (!preflight.failures.isEmpty() || request.dryRun()) {
            LOG.info("Key rotation of {} from {} to {}: preflight of {} rows, {} to rotate, {} failures{}", model.getName(),
                label(request.fromKeyId()), request.toKeyId(), preflight.scanned, preflight.toRotate,
                preflight.failures.size(), request.dryRun() ? " (dry run, nothing written)" : "; nothing written");
            if (!preflight.failures.isEmpty()) {
                return new RotationReport(preflight.scanned, 0, 0, preflight.failures, request.afterId(), false);
            }
            return new RotationReport(preflight.scanned, preflight.toRotate, preflight.scanned - preflight.toRotate,
                List.of(), request.afterId(), false);
        }
        return batches(rows, plan, request);
    }

    private static String label(String keyId) {
        return keyId == null ? "legacy plain text" : "key id '" + keyId + "'";
    }

    /**
     * Before anything is read: the key ids and the id to start after are checked, and the old, new and index keys
     * must be available.
     */
    private void checkKeys(ModelDescriptor model, List<FieldDescriptor> fields, RotationRequest request) {
        String subject = model.getName();
        for (String keyId : java.util.Arrays.asList(request.fromKeyId(), request.toKeyId())) {
            if (keyId != null && !Envelope.isKeyId(keyId)) {
                throw new IllegalArgumentException("Key id '" + keyId + "' must match [a-z0-9-]{1,64}");
            }
        }
        if (Objects.equals(request.fromKeyId(), request.toKeyId())) {
            throw new IllegalArgumentException("The rotation's source and target key ids are the same");
        }
        if (request.afterId() != null && RecordIds.stored(request.afterId()) == null) {
            throw new IllegalArgumentException("The id to start after must be a record id (a report's lastId)");
        }
        try {
            cipher.keys().key(request.toKeyId(), subject);
            if (request.fromKeyId() != null) {
                cipher.keys().key(request.fromKeyId(), subject);
            }
            if (fields.stream().anyMatch(FieldDescriptor::unique)) {
                cipher.keys().indexKey(subject);
            }
        } catch (FxException e) {
            if (EncryptionErrorCodes.KEY_PROVIDER_UNAVAILABLE.name().equals(e.getCode())) {
                throw e;
            }
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** What a rotation does to one row. */
    private final class Plan {
        private final ModelDescriptor model;
        private final RotationRequest request;

        Plan(ModelDescriptor model, RotationRequest request) {
            this.model = model;
            this.request = request;
        }

        boolean needsRotation(String stored) {
            if (request.fromKeyId() == null) {
                return !Envelope.isEnvelope(stored);
            }
            return Envelope.isEnvelope(stored) && request.fromKeyId().equals(Envelope.keyIdOf(stored));
        }

        /**
         * @return the new stored values of the row's columns that change (empty when none does)
         * @throws FieldCipher.Unreadable what the row's stored values fail at
         */
        Map<String, Object> rotate(Map<String, Object> row, List<FieldDescriptor> fields, List<RotationFailure> failures)
            throws FieldCipher.Unreadable {
            Map<String, Object> changes = new LinkedHashMap<>();
            String id = String.valueOf(row.get("id"));
            for (FieldDescriptor field : fields) {
                Object raw = row.get(field.name());
                if (raw == null) {
                    continue;
                }
                String stored = raw.toString();
                String value;
                try {
                    value = cipher.decryptForRotation(model, field, stored);
                } catch (FieldCipher.Unreadable e) {
                    failures.add(new RotationFailure(id, field.name(), e.stage(), e.getMessage()));
                    continue;
                }
                String index = null;
                if (field.unique()) {
                    index = cipher.index(model, field, value);
                    Object storedIndex = row.get(EncryptedField.indexColumn(field));
                    boolean legacyWithout = storedIndex == null && !Envelope.isEnvelope(stored);
                    if (!legacyWithout && !index.equals(storedIndex)) {
                        failures.add(new RotationFailure(id, field.name(), RotationFailure.Stage.INDEX,
                            "the stored blind index differs from the one recomputed from the value"));
                        continue;
                    }
                }
                if (needsRotation(stored)) {
                    changes.put(field.name(), cipher.encrypt(model, field, value, request.toKeyId()));
                    if (field.unique()) {
                        changes.put(EncryptedField.indexColumn(field), index);
                    }
                }
            }
            return changes;
        }
    }

    /** The preflight's findings. */
    private static final class Preflight {
        long scanned;
        long toRotate;
        final List<RotationFailure> failures = new ArrayList<>();
    }

    private Preflight preflight(RotationRows rows, Plan plan, RotationRequest request) {
        Preflight result = new Preflight();
        String after = request.afterId();
        while (true) {
            List<Map<String, Object>> page = rows.page(after, request.batchSize(), false);
            for (Map<String, Object> row : page) {
                result.scanned++;
                try {
                    if (!plan.rotate(row, rows.fields(), result.failures).isEmpty()) {
                        result.toRotate++;
                    }
                } catch (FieldCipher.Unreadable e) {
                    // recorded per field inside rotate
                }
                after = String.valueOf(row.get("id"));
            }
            if (page.size() < request.batchSize()) {
                return result;
            }
        }
    }

    private RotationReport batches(RotationRows rows, Plan plan, RotationRequest request) {
        long scanned = 0;
        long rotated = 0;
        long skipped = 0;
        String lastId = request.afterId();
        List<RotationFailure> failures = new ArrayList<>();
        while (true) {
            int size = request.maxRows() > 0 ? (int) Math.min(request.batchSize(), request.maxRows() - scanned)
                : request.batchSize();
            if (size <= 0) {
                break;
            }
            String after = lastId;
            Batch batch;
            try {
                batch = models.inTransaction(() -> batch(rows, plan, after, size));
            } catch (RuntimeException e) {
                String at = after == null ? "the first row" : "record " + after;
                LOG.error("Key rotation of {} from {} to {}: the batch after {} failed ({}); committed up to {}",
                    plan.model.getName(), label(request.fromKeyId()), request.toKeyId(), at,
                    e.getClass().getSimpleName(), lastId);
                failures.add(new RotationFailure(after == null ? "" : after, "", RotationFailure.Stage.WRITE,
                    "the batch after " + at + " could not be written (" + e.getClass().getSimpleName() + ")"));
                return new RotationReport(scanned, rotated, skipped, failures, lastId, false);
            }
            scanned += batch.scanned;
            rotated += batch.rotated;
            skipped += batch.scanned - batch.rotated;
            if (batch.lastId != null) {
                lastId = batch.lastId;
            }
            if (batch.scanned < size) {
                LOG.info("Key rotation of {} from {} to {} complete: {} rows, {} rotated", plan.model.getName(),
                    label(request.fromKeyId()), request.toKeyId(), scanned, rotated);
                return new RotationReport(scanned, rotated, skipped, failures, lastId, true);
            }
        }
        LOG.info("Key rotation of {} from {} to {} stopped after {} rows ({} rotated); resume after {}",
            plan.model.getName(), label(request.fromKeyId()), request.toKeyId(), scanned, rotated, lastId);
        return new RotationReport(scanned, rotated, skipped, failures, lastId, false);
    }

    /** One committed batch. */
    private record Batch(long scanned, long rotated, String lastId) {
    }

    private Batch batch(RotationRows rows, Plan plan, String after, int size) {
        List<Map<String, Object>> page = rows.page(after, size, true);
        long rotated = 0;
        String last = null;
        for (Map<String, Object> row : page) {
            List<RotationFailure> found = new ArrayList<>();
            Map<String, Object> changes;
            try {
                changes = plan.rotate(row, rows.fields(), found);
            } catch (FieldCipher.Unreadable e) {
                throw new IllegalStateException(e.getMessage());
            }
            if (!found.isEmpty()) {
                // the preflight passed, so a write since changed the row into something unreadable
                throw new IllegalStateException("record " + row.get("id") + " became unreadable: " + found.get(0).stage());
            }
            if (!changes.isEmpty()) {
                rows.update(row.get("id"), changes);
                rotated++;
            }
            last = String.valueOf(row.get("id"));
        }
        return new Batch(page.size(), rotated, last);
    }
}
