package io.fx.micronaut.testsuite.encryption;

import io.fx.micronaut.encryption.KeyVariables;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.ModelRegistrar;
import io.fx.micronaut.model.ModelRegistration;
import io.fx.micronaut.model.Versioning;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The keys of the encryption tests, served as environment variables ({@code FX_KEY_*}) by a {@link KeyVariables}
 * bean, and the registrar of their models (Patient versioned, so its history shows the exclusions).
 * {@code twin} holds the bytes of {@code default}, to show that the key id is bound into the envelope.
 */
final class Keys {

    static final byte[] DEFAULT = fill(1);
    static final byte[] MEDICAL = fill(2);
    static final byte[] INDEX = fill(3);
    static final byte[] NEXT = fill(4);
    static final Map<String, String> VARIABLES = Map.of(
        "FX_KEY_DEFAULT", b64(DEFAULT),
        "FX_KEY_MEDICAL", Base64.getUrlEncoder().encodeToString(MEDICAL),
        "FX_KEY_INDEX", b64(INDEX),
        "FX_KEY_NEXT", b64(NEXT),
        "FX_KEY_TWIN", b64(DEFAULT),
        "FX_KEY_SHORT", b64(new byte[16]),
        "FX_KEY_GARBLED", "not*base64");

    private Keys() {
    }

    private static byte[] fill(int value) {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) value);
        key[0] = (byte) (value * 31);
        return key;
    }

    static String b64(byte[] key) {
        return Base64.getEncoder().encodeToString(key);
    }

    /** The blind index the module must store, computed here from the definition. */
    static String hmac(String table, String field, String value) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(INDEX, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal((table + "." + field + "\0" + value).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Serves {@link #VARIABLES} to the env provider of the applications that name one of the specs. */
    @Singleton
    @Requires(property = "encryption.test-keys", value = "true")
    static class FixedVariables implements KeyVariables {
        @Override
        @NonNull
        public Optional<String> get(@NonNull String name) {
            return Optional.ofNullable(VARIABLES.get(name));
        }
    }

    /** Registers Patient (versioned) and PatientVisit for the applications that ask. */
    @Singleton
    @Requires(property = "encryption.test-models", value = "true")
    static class Registrar implements ModelRegistrar {
        @Override
        public void register(@NonNull ModelRegistration registration) {
            registration.register(Patient.class, ModelOptions.defaults().versioning(Versioning.DEFAULT), PatientVisit.class,
                Subscriber.class, ModelOptions.defaults().softDelete(io.fx.micronaut.annotation.SoftDelete.TIMESTAMP));
        }
    }
}
