package io.fx.micronaut.testsuite.codec;

import io.fx.micronaut.db.CodecContext;
import io.fx.micronaut.db.FieldCodec;
import io.fx.micronaut.model.AttributeKey;
import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.query.FilterClause;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A stand-in for a feature module, public API only: a {@code sealed} directive and the codec that stores
 * sealed text base64-encoded behind a {@code sealed:} prefix, keeps a {@code <field>_digest} companion
 * column (SHA-256 of the plain text) that equality filters are rewritten onto, and forbids sorting.
 */
final class CodecBeans {

    static final String SPEC = "FieldCodecTest";
    static final AttributeKey<Boolean> SEALED = AttributeKey.of("test.sealed", Boolean.class);
    static final String PREFIX = "sealed:";

    private CodecBeans() {
    }

    static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class Registrar implements ModelRegistrar {
        @Override
        public void register(@NonNull ModelRegistration registration) {
            registration.register(Vault.class, VaultNote.class);
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class SealedDirective implements FieldDirective {
        @Override
        @NonNull
        public String name() {
            return "sealed";
        }

        @Override
        @NonNull
        public Set<FieldType> fieldTypes() {
            return Set.of(FieldType.STRING);
        }

        @Override
        @NonNull
        public Set<String> conflictsWith() {
            return Set.of("unique");
        }

        @Override
        public void apply(@NonNull FieldDescriptor.Builder field, @Nullable Object value, @NonNull DirectiveSite site) {
            field.attribute(SEALED, Boolean.TRUE);
        }
    }

    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class SealedCodec implements FieldCodec {
        /** Each encoding's context, as {@code model.field@request-id}, so a test sees who it ran for. */
        final List<String> encodedFor = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public boolean appliesTo(@NonNull ModelDescriptor model, @NonNull FieldDescriptor field) {
            return field.attribute(SEALED).orElse(false);
        }

        @Override
        @NonNull
        public Object encode(@NonNull CodecContext context, @NonNull Object value) {
            encodedFor.add(context.model().getName() + "." + context.field().name() + "@" + context.caller().getRequestId());
            return PREFIX + Base64.getEncoder().encodeToString(((String) value).getBytes(StandardCharsets.UTF_8));
        }

        @Override
        @NonNull
        public Object decode(@NonNull CodecContext context, @NonNull Object stored) {
            String text = (String) stored;
            if (!text.startsWith(PREFIX)) {
                throw new IllegalStateException("not sealed: " + context.field().name());
            }
            return new String(Base64.getDecoder().decode(text.substring(PREFIX.length())), StandardCharsets.UTF_8);
        }

        @Override
        @NonNull
        public List<FieldDescriptor> companions(@NonNull FieldDescriptor field) {
            return List.of(digestColumn(field));
        }

        @Override
        @NonNull
        public Map<String, Object> companionValues(@NonNull CodecContext context, @Nullable Object value) {
            return java.util.Collections.singletonMap(context.field().name() + "_digest",
                value == null ? null : digest((String) value));
        }

        @Override
        @NonNull
        public Optional<FilterClause> rewriteFilter(@NonNull CodecContext context, @NonNull FilterClause clause) {
            List<Object> digests = clause.values().stream().map(v -> (Object) digest((String) v)).toList();
            return Optional.of(new FilterClause(clause.group(), digestColumn(context.field()), clause.operator(), digests,
                clause.relation()));
        }

        @Override
        public boolean sortable(@NonNull FieldDescriptor field) {
            return false;
        }

        private static FieldDescriptor digestColumn(FieldDescriptor field) {
            return FieldDescriptor.builder(field.name() + "_digest", FieldType.STRING, String.class).hidden(true).build();
        }
    }
}
