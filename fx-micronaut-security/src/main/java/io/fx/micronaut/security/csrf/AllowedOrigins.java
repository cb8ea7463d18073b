package io.fx.micronaut.security.csrf;

import io.fx.micronaut.exception.FxConfigurationException;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The origins unsafe requests may come from: exact origins, compared after normalising (lower-case scheme and
 * host, default port dropped), and {@code *.host} wildcards admitting https origins on the default port whose
 * host ends with {@code .host} after at least one label (never {@code host} itself).
 */
final class AllowedOrigins {

    private static final String KEY = CsrfConfiguration.PREFIX + ".allowed-origins";

    private final Set<String> exact;
    private final String[] suffixes;

    private AllowedOrigins(Set<String> exact, List<String> suffixes) {
        this.exact = Set.copyOf(exact);
        this.suffixes = suffixes.toArray(new String[0]);
    }

    /**
     * @param entries the configured entries
     * @return the list, checked
     * @throws FxConfigurationException naming the entry when one is not an origin or a wildcard
     */
    static AllowedOrigins of(List<String> entries) {
        Set<String> exact = new HashSet<>();
        List<String> suffixes = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            String entry = entries.get(i) == null ? "" : entries.get(i).strip();
            if (entry.startsWith("*.")) {
                String host = entry.substring(2).toLowerCase(Locale.ROOT);
                if (host.isEmpty() || host.startsWith(".") || host.endsWith(".") || !validHost(host)) {
                    throw invalid(i, entry);
                }
                suffixes.add("." + host);
            } else {
                String origin = normalise(entry);
                if (origin == null) {
                    throw invalid(i, entry);
                }
                exact.add(origin);
            }
        }
        return new AllowedOrigins(exact, suffixes);
    }

    /** @return whether no origin is listed, so the check is off */
    boolean isEmpty() {
        return exact.isEmpty() && suffixes.length == 0;
    }

    /**
     * @param origin an origin as a request states it ({@code Origin} or derived from {@code Referer})
     * @return whether it is allowed; {@code null} and {@code "null"} never are
     */
    boolean admits(String origin) {
        if (origin == null || exact.contains(origin)) {
            return origin != null;
        }
        String normal = normalise(origin);
        if (normal == null) {
            return false;
        }
        if (exact.contains(normal)) {
            return true;
        }
        if (!normal.startsWith("https://") || normal.indexOf(':', "https://".length()) >= 0) {
            return false;
        }
        String host = normal.substring("https://".length());
        for (String suffix : suffixes) {
            if (host.length() > suffix.length() && host.endsWith(suffix)
                && host.charAt(host.length() - suffix.length() - 1) != '.') {
                return true;
            }
        }
        return false;
    }

    /**
     * @param value an origin or a URL
     * @return its origin, {@code scheme://host[:port]} with the default port dropped; null when it is not an
     *     http or https URL with a host
     */
    static String originOf(String value) {
        try {
            URI uri = new URI(value.strip());
            return origin(uri);
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** @return the normalised origin when the value is exactly an origin (no path, query or user), else null */
    static String normalise(String value) {
        try {
            URI uri = new URI(value);
            boolean bare = (uri.getRawPath() == null || uri.getRawPath().isEmpty()) && uri.getRawQuery() == null
                && uri.getRawFragment() == null && uri.getRawUserInfo() == null;
            return bare ? origin(uri) : null;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    private static String origin(URI uri) {
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost();
        if (host == null || !("http".equals(scheme) || "https".equals(scheme))) {
            return null;
        }
        int port = uri.getPort();
        boolean defaultPort = port == -1 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        return scheme + "://" + host.toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    }

    private static boolean validHost(String host) {
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
            if (!ok || (c == '.' && i > 0 && host.charAt(i - 1) == '.')) {
                return false;
            }
        }
        return true;
    }

    private static FxConfigurationException invalid(int index, String entry) {
        return new FxConfigurationException(KEY + "[" + index + "] is '" + entry
            + "': use an origin (https://app.example.com, http://localhost:8080) or *.example.com");
    }
}
