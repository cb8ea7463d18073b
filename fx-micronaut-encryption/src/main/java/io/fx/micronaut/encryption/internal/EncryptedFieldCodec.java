package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.db.CodecContext;
import io.fx.micronaut.db.FieldCodec;
import io.fx.micronaut.encryption.EncryptedField;
import io.fx.micronaut.encryption.EncryptionErrorCodes;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one code path of encrypted fields: encrypts on every write and decrypts on every read (routes, includes,
 * accessors, cascades); keeps the blind index {@code {field}_hmac} of an {@code encrypted,unique} field (unique,
 * null for null, never returned); refuses filters and sorts with {@code ENCRYPTED_FIELD_NOT_FILTERABLE}. The only
 * equality it rewrites onto the blind index is the one
 * {@link io.fx.micronaut.accessor.ModelAccessor#findByUnique} builds, since the query language refuses the field.
 */
@Singleton
final class EncryptedFieldCodec implements FieldCodec {

    static final String REFUSAL = EncryptionErrorCodes.ENCRYPTED_FIELD_NOT_FILTERABLE
        + ": the field is encrypted at rest; exact lookups of unique fields use findByUnique";

    private final FieldCipher cipher;

    EncryptedFieldCodec(FieldCipher cipher) {
        this.cipher = cipher;
    }

    @Override
    public boolean appliesTo(@NonNull ModelDescriptor model, @NonNull FieldDescriptor field) {
        return EncryptedField.of(field).isPresent();
    }

    @Override
    @NonNull
    public Object encode(@NonNull CodecContext context, @NonNull Object value) {
        return cipher.encrypt(context.model(), context.field(), value.toString());
    }

    @Override
    @NonNull
    public Object decode(@NonNull CodecContext context, @NonNull Object stored) {
        return cipher.decrypt(context.model(), context.field(), stored.toString());
    }

    @Override
    @NonNull
    public List<FieldDescriptor> companions(@NonNull FieldDescriptor field) {
        return field.unique() ? List.of(indexColumn(field)) : List.of();
    }

    /** Envelopes of equal values differ (a fresh nonce each): the blind index column carries the unique key. */
    @Override
    public boolean uniqueOnStoredColumn(@NonNull FieldDescriptor field) {
        return false;
    }

    static FieldDescriptor indexColumn(FieldDescriptor field) {
        return FieldDescriptor.builder(EncryptedField.indexColumn(field), FieldType.STRING, String.class)
            .hidden(true).unique(true).build();
    }

    @Override
    @NonNull
    public Map<String, Object> companionValues(@NonNull CodecContext context, @Nullable Object value) {
        if (!context.field().unique()) {
            return Map.of();
        }
        return Collections.singletonMap(EncryptedField.indexColumn(context.field()),
            value == null ? null : cipher.index(context.model(), context.field(), value.toString()));
    }

    @Override
    @NonNull
    public Optional<FilterClause> rewriteFilter(@NonNull CodecContext context, @NonNull FilterClause clause) {
        if (!context.field().unique() || (clause.operator() != FilterOperator.EQ && clause.operator() != FilterOperator.IN)) {
            return Optional.empty();
        }
        List<Object> digests = clause.values().stream()
            .map(v -> (Object) cipher.index(context.model(), context.field(), v.toString())).toList();
        return Optional.of(new FilterClause(clause.group(), indexColumn(context.field()), clause.operator(), digests,
            clause.relation()));
    }

    @Override
    public boolean filterable(@NonNull FieldDescriptor field) {
        return false;
    }

    @Override
    public boolean sortable(@NonNull FieldDescriptor field) {
        return false;
    }

    @Override
    @NonNull
    public Optional<String> queryRefusal(@NonNull FieldDescriptor field) {
        return Optional.of(REFUSAL);
    }
}
