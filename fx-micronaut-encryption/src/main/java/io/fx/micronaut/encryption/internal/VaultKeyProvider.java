package io.fx.micronaut.encryption.internal;

import io.fx.micronaut.encryption.EncryptionConfiguration;
import io.fx.micronaut.encryption.KeyProvider;
import io.fx.micronaut.encryption.KeyProviderUnavailableException;
import io.fx.micronaut.encryption.VaultConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.http.BoundedExchange;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Secondary;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code fx.encryption.provider: vault}: HashiCorp Vault KV v2 through the JDK's {@link HttpClient}:
 * {@code GET {address}/v1/{mount}/data/{path}/{keyId}} with {@code X-Vault-Token}, the key in the secret's
 * {@code key} field (base64 of 32 bytes). https only (unless {@code allow-insecure-http}), redirects refused, keys
 * cached for {@code cache-ttl}; a failed refresh keeps the cached key. 404 means no such key; any other failure
 * makes the provider unavailable. The token is never logged.
 */
@Singleton
@Secondary
@Requires(property = EncryptionConfiguration.PROVIDER, value = EncryptionConfiguration.VAULT)
final class VaultKeyProvider implements KeyProvider {

    private static final Logger LOG = LoggerFactory.getLogger(VaultKeyProvider.class);
    /** The largest answer read: a key is 32 bytes, its JSON envelope a few hundred. */
    private static final int MAX_RESPONSE_BYTES = 64 * 1024;

    private final HttpClient client;
    private final String base;
    private final String token;
    private final Duration timeout;
    private final Duration ttl;
    private final JsonMapper json;
    private final Clock clock = Clock.systemUTC();
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(byte[] key, Instant readAt) {
    }

    VaultKeyProvider(VaultConfiguration configuration, JsonMapper json) {
        this.json = json;
        String address = configuration.getAddress();
        if (address == null || address.isBlank()) {
            throw new FxConfigurationException(VaultConfiguration.PREFIX + ".address is required with "
                + EncryptionConfiguration.PROVIDER + "=vault");
        }
        URI uri = URI.create(address.trim());
        if (!"https".equalsIgnoreCase(uri.getScheme())
            && !("http".equalsIgnoreCase(uri.getScheme()) && configuration.isAllowInsecureHttp())) {
            throw new FxConfigurationException(VaultConfiguration.PREFIX + ".address must be an https URL (set "
                + VaultConfiguration.PREFIX + ".allow-insecure-http=true to allow http)");
        }
        if (configuration.getToken() == null || configuration.getToken().isBlank()) {
            throw new FxConfigurationException(VaultConfiguration.PREFIX + ".token is required with "
                + EncryptionConfiguration.PROVIDER + "=vault");
        }
        this.token = configuration.getToken().trim();
        this.timeout = configuration.getTimeout();
        this.ttl = configuration.getCacheTtl();
        String trimmed = uri.toString().replaceAll("/+$", "");
        this.base = trimmed + "/v1/" + configuration.getMount() + "/data/" + configuration.getPath() + "/";
        HttpClient.Builder builder = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(timeout);
        if (configuration.getCaCert() != null && !configuration.getCaCert().isBlank()) {
            builder.sslContext(PemTrust.sslContext(configuration.getCaCert(), VaultConfiguration.PREFIX + ".ca-cert"));
        }
        this.client = builder.build();
    }

    @Override
    @NonNull
    public Optional<byte[]> find(@NonNull String keyId) {
        Cached cached = cache.get(keyId);
        if (cached != null && cached.readAt().plus(ttl).isAfter(clock.instant())) {
            return Optional.of(cached.key().clone());
        }
        try {
            Optional<byte[]> read = read(keyId);
            read.ifPresentOrElse(key -> cache.put(keyId, new Cached(key, clock.instant())), () -> cache.remove(keyId));
            return read.map(byte[]::clone);
        } catch (KeyProviderUnavailableException e) {
            if (cached != null) {
                LOG.warn("Vault: refreshing key id '{}' failed ({}); the cached key is kept", keyId, e.getMessage());
                return Optional.of(cached.key().clone());
            }
            throw e;
        }
    }

    private Optional<byte[]> read(String keyId) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + keyId)).timeout(timeout)
            .header("X-Vault-Token", token).header("Accept", "application/json").GET().build();
        HttpResponse<byte[]> response;
        try {
            // the whole exchange within the timeout (the request's own ends once the headers arrive)
            response = BoundedExchange.send(client, request, timeout, MAX_RESPONSE_BYTES);
        } catch (IOException e) {
            throw new KeyProviderUnavailableException("Vault: reading key id '" + keyId + "' failed ("
                + e.getClass().getSimpleName() + ")", null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KeyProviderUnavailableException("Vault: interrupted reading key id '" + keyId + "'", null);
        }
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        if (response.statusCode() != 200) {
            throw new KeyProviderUnavailableException("Vault: reading key id '" + keyId + "' answered "
                + response.statusCode(), null);
        }
        return Optional.of(keyOf(keyId, response.body()));
    }

    @SuppressWarnings("unchecked")
    private byte[] keyOf(String keyId, byte[] body) {
        try {
            Map<String, Object> document = json.readValue(body, Argument.mapOf(String.class, Object.class));
            Map<String, Object> outer = (Map<String, Object>) document.get("data");
            Map<String, Object> data = outer == null ? null : (Map<String, Object>) outer.get("data");
            Object text = data == null ? null : data.get("key");
            if (!(text instanceof String encoded)) {
                throw new KeyProviderUnavailableException("Vault: the secret of key id '" + keyId
                    + "' has no text field 'key'", null);
            }
            byte[] key = encoded.indexOf('-') >= 0 || encoded.indexOf('_') >= 0
                ? Base64.getUrlDecoder().decode(encoded.trim()) : Base64.getDecoder().decode(encoded.trim());
            if (key.length != 32) {
                throw new KeyProviderUnavailableException("Vault: the key of key id '" + keyId + "' is not 32 bytes", null);
            }
            return key;
        } catch (IOException | ClassCastException | IllegalArgumentException e) {
            throw new KeyProviderUnavailableException("Vault: the secret of key id '" + keyId + "' is not a KV v2 "
                + "document with a base64 'key'", null);
        }
    }
}
