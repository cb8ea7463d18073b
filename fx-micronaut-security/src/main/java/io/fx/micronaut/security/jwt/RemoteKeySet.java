package io.fx.micronaut.security.jwt;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.http.BoundedExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.text.ParseException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The key set at {@code fx.security.jwt.jwks.url}, fetched with the JDK HTTP client: lazily on first
 * use, again when the cache TTL has passed or a token names an unknown {@code kid}, never twice within
 * the minimum refetch interval. A fetch replaces the whole set; a failed fetch keeps the cached keys,
 * whatever their age. Redirects are followed except from https to http (the fetch then fails); bodies
 * over 256 KiB are refused. Keys RFC 7518 does not let verify signatures (RSA under 2048 bits, EC off P-256,
 * P-384 and P-521) are dropped from every fetch, each with a warning naming its {@code kid}.
 */
final class RemoteKeySet implements JWKSource<SecurityContext> {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteKeySet.class);

    private final URI uri;
    private final HttpClient client;
    private final long ttlNanos;
    private final long minRefetchNanos;
    private final Duration timeout;
    private volatile Snapshot snapshot;
    private volatile Runnable onReplace = () -> { };
    private boolean attempted;
    private long lastAttempt;

    private record Snapshot(JWKSet keys, long fetchedAt) {
    }

    RemoteKeySet(JwksConfiguration configuration, String url) {
        this.uri = address(url);
        this.timeout = configuration.getTimeout();
        this.ttlNanos = configuration.getCacheTtl().toNanos();
        this.minRefetchNanos = configuration.getMinRefetchInterval().toNanos();
        HttpClient.Builder builder = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NORMAL)
            .connectTimeout(timeout);
        configuration.getCaCert().filter(ca -> !ca.isBlank()).ifPresent(ca -> builder.sslContext(sslContext(ca)));
        this.client = builder.build();
        if ("http".equals(uri.getScheme()) && !Loopback.is(uri.getHost())) {
            LOG.warn("fx.security.jwt.jwks.url {} is plain http: the keys that verify tokens can be replaced in "
                + "transit; use https", uri);
        }
    }

    /** @param listener told after every fetch that replaced the set (tokens verified before must be checked again) */
    void onReplace(Runnable listener) {
        this.onReplace = listener;
    }

    @Override
    public List<JWK> get(JWKSelector selector, SecurityContext context) throws KeySourceException {
        Snapshot seen = snapshot;
        if (seen != null && System.nanoTime() - seen.fetchedAt() < ttlNanos) {
            List<JWK> keys = selector.select(seen.keys());
            if (!keys.isEmpty()) {
                return keys;
            }
        }
        Snapshot current = refresh(seen);
        if (current == null) {
            throw new KeySetUnavailableException();
        }
        return selector.select(current.keys());
    }

    private synchronized Snapshot refresh(Snapshot seen) {
        Snapshot current = snapshot;
        long now = System.nanoTime();
        if (current != seen || attempted && now - lastAttempt < minRefetchNanos) {
            return current;
        }
        attempted = true;
        lastAttempt = now;
        try {
            snapshot = new Snapshot(fetch(), now);
            onReplace.run();
            return snapshot;
        } catch (IOException | ParseException e) {
            LOG.warn("Fetching the key set {} failed ({}); {}", uri, e.getMessage(),
                current == null ? "no keys are cached yet" : "the cached keys stay in use");
            return current;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return current;
        }
    }

    private JWKSet fetch() throws IOException, InterruptedException, ParseException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout)
            .header("Accept", "application/json").GET().build();
        // the whole exchange within the timeout: the request's own ends once the headers arrive, and a stalled
        // body would hold the refresh's lock, and every verification waiting for it, for good
        HttpResponse<byte[]> response = BoundedExchange.send(client, request, timeout, JwksConfiguration.MAX_SIZE);
        if (response.statusCode() != 200) {
            throw new IOException("status " + response.statusCode() + " from " + response.uri());
        }
        return usable(JWKSet.parse(new String(response.body(), StandardCharsets.UTF_8)).toPublicJWKSet());
    }

    /** @return the set without the keys RFC 7518 does not let verify signatures, each dropped with a warning */
    private JWKSet usable(JWKSet fetched) {
        List<JWK> kept = new ArrayList<>(fetched.getKeys().size());
        for (JWK key : fetched.getKeys()) {
            Optional<String> weakness = KeyStrength.weakness(key);
            if (weakness.isPresent()) {
                LOG.warn("The key set {} holds the key '{}', {}: it is dropped, and tokens it signed are refused", uri,
                    key.getKeyID() == null ? "(no kid)" : key.getKeyID(), weakness.get());
            } else {
                kept.add(key);
            }
        }
        return kept.size() == fetched.getKeys().size() ? fetched : new JWKSet(kept);
    }

    private static URI address(String url) {
        try {
            URI uri = URI.create(url.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("https") && !scheme.equals("http") || uri.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) address");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException(JwksConfiguration.PREFIX + ".url is not an https address: " + url);
        }
    }

    private static SSLContext sslContext(String caCert) {
        String property = JwksConfiguration.PREFIX + ".ca-cert";
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(PemKeys.trustStore(PemKeys.text(caCert, property), property));
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new FxConfigurationException(property + " cannot be used: " + e.getMessage());
        }
    }
}
