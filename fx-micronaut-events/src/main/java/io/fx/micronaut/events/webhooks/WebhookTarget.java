package io.fx.micronaut.events.webhooks;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.NonNull;
import org.apache.hc.core5.http.HttpHost;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * A webhook's URL, checked at startup: absolute {@code http} or {@code https} with a host and no user info; a host
 * that is an address literal or {@code localhost} must be one the {@link AddressPolicy} permits. A name is only
 * checked when it is resolved, at each connection.
 *
 * @param host the host the client connects to: a name and port, never an address it would not resolve again
 * @param path the request target: path and query
 */
record WebhookTarget(@NonNull HttpHost host, @NonNull String path) {

    private static final InetAddress[] LOCALHOST = {InetAddress.getLoopbackAddress(), loopback6()};

    /**
     * @param url    the configured URL
     * @param policy the webhook's address policy
     * @param key    the URL's configuration key, for messages
     * @return the target
     * @throws FxConfigurationException naming the key when the URL is not one or reaches a refused address
     */
    @NonNull
    static WebhookTarget of(String url, AddressPolicy policy, String key) {
        if (url == null || url.isBlank()) {
            throw new FxConfigurationException(key + " is required");
        }
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new FxConfigurationException(key + " is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null || uri.isOpaque()) {
            throw new FxConfigurationException(key + " must be an absolute http or https URL with a host");
        }
        if (uri.getRawUserInfo() != null || uri.getRawFragment() != null) {
            throw new FxConfigurationException(key + " must have no user info and no fragment");
        }
        String host = uri.getHost();
        checkAddress(host, policy, key);
        int port = uri.getPort() < 0 ? (scheme.equals("https") ? 443 : 80) : uri.getPort();
        String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
            + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        return new WebhookTarget(new HttpHost(scheme, bare, port), path);
    }

    private static void checkAddress(String host, AddressPolicy policy, String key) {
        Optional<InetAddress> literal;
        try {
            literal = Addresses.literal(host);
        } catch (IllegalArgumentException e) {
            throw new FxConfigurationException(key + ": " + e.getMessage());
        }
        String name = host.toLowerCase(Locale.ROOT);
        name = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
        if (literal.isPresent()) {
            policy.refusal(literal.get()).ifPresent(range -> {
                throw new FxConfigurationException(key + " is a " + range + " address (" + host + "), outside "
                    + "allowed-networks");
            });
        } else if (name.equals("localhost") || name.endsWith(".localhost")) {
            for (InetAddress address : LOCALHOST) {
                if (policy.refusal(address).isEmpty()) {
                    return;
                }
            }
            throw new FxConfigurationException(key + " is localhost, a loopback address outside allowed-networks");
        }
    }

    private static InetAddress loopback6() {
        try {
            return InetAddress.getByName("::1");
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
