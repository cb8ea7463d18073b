package io.fx.micronaut.security.apikey;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.Authenticator;
import io.fx.micronaut.security.CredentialRefusedException;
import io.fx.micronaut.security.AuthScheme;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * API key authentication: the header's value is looked up by its SHA-256 digest (the raw keys are not
 * kept) and compared with {@link MessageDigest#isEqual}; the entry's principal has auth method
 * {@code api_key}. Blank, malformed or duplicate keys fail startup; an unknown key is 401
 * {@code UNAUTHORIZED} {@code invalid API key}.
 */
@Singleton
@Requires(property = ApiKeyConfiguration.PREFIX + ".entries")
final class ApiKeyAuthenticator implements Authenticator {

    private static final String ENTRIES = ApiKeyConfiguration.PREFIX + ".entries";
    private static final HexFormat HEX = HexFormat.of();

    private record Grant(byte[] digest, AuthInfo principal) {
    }

    private final String header;
    private final Map<String, Grant> byDigest;

    ApiKeyAuthenticator(ApiKeyConfiguration configuration, List<ApiKeyEntryConfiguration> entries) {
        this.header = configuration.getHeader();
        Map<String, Grant> index = new HashMap<>();
        List<ApiKeyEntryConfiguration> ordered = entries.stream()
            .sorted(java.util.Comparator.comparing(ApiKeyEntryConfiguration::index)).toList();
        for (ApiKeyEntryConfiguration entry : ordered) {
            byte[] digest = digest(entry);
            if (index.put(HEX.formatHex(digest), new Grant(digest, principal(entry))) != null) {
                throw new FxConfigurationException(where(entry) + " repeats a key of an earlier entry");
            }
        }
        this.byDigest = Map.copyOf(index);
    }

    @Override
    @NonNull
    public Optional<AuthScheme> scheme() {
        return Optional.of(new AuthScheme("apiKeyAuth", false, header, false));
    }

    @Override
    public int getOrder() {
        return API_KEY_ORDER;
    }

    @Override
    @NonNull
    public Optional<AuthInfo> authenticate(@NonNull RequestContext context) {
        String key = context.getRequest().map(r -> r.getHeaders().get(header)).orElse(null);
        if (key == null) {
            return Optional.empty();
        }
        byte[] digest = sha256(key.strip());
        Grant grant = byDigest.get(HEX.formatHex(digest));
        if (grant == null || !MessageDigest.isEqual(grant.digest(), digest)) {
            throw CredentialRefusedException.unauthorized("invalid API key");
        }
        return Optional.of(grant.principal());
    }

    private static byte[] digest(ApiKeyEntryConfiguration entry) {
        boolean raw = entry.key() != null;
        boolean hashed = entry.keySha256() != null;
        if (raw == hashed) {
            throw new FxConfigurationException(where(entry) + " needs exactly one of key and key-sha256");
        }
        if (raw) {
            if (entry.key().isBlank()) {
                throw new FxConfigurationException(where(entry) + ".key is blank");
            }
            return sha256(entry.key().strip());
        }
        String hex = entry.keySha256().strip().toLowerCase(Locale.ROOT);
        if (!hex.matches("[0-9a-f]{64}")) {
            throw new FxConfigurationException(where(entry) + ".key-sha256 is not 64 hex digits");
        }
        return HEX.parseHex(hex);
    }

    private static AuthInfo principal(ApiKeyEntryConfiguration entry) {
        if (entry.userId() == null || entry.userId().isBlank()) {
            throw new FxConfigurationException(where(entry) + ".user-id is missing");
        }
        IdentityType type;
        try {
            type = entry.identityType() == null ? IdentityType.SERVICE_ACCOUNT
                : IdentityType.valueOf(entry.identityType().strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException(where(entry) + ".identity-type '" + entry.identityType()
                + "' is not one of service_account, human");
        }
        return new AuthInfo(entry.userId(), entry.roles(), Map.of(), entry.tenantId(), type, entry.scopes(), null, "api_key");
    }

    private static String where(ApiKeyEntryConfiguration entry) {
        return ENTRIES + "[" + entry.index() + "]";
    }

    private static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
