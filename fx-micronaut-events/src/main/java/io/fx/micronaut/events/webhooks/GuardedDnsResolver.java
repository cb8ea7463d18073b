package io.fx.micronaut.events.webhooks;

import io.micronaut.core.annotation.NonNull;
import org.apache.hc.client5.http.DnsResolver;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The webhook client's only resolver: it looks the host up once (a literal address is parsed, not looked up) and
 * hands the client the addresses the {@link AddressPolicy} permits, which the client connects to as they are (no
 * second lookup: a name that resolves elsewhere a moment later, DNS rebinding, changes nothing). A host with no
 * permitted address fails with {@link SsrfRefusedException} before any connection.
 */
final class GuardedDnsResolver implements DnsResolver {

    /** Looks a host up: the system's resolver, or a test's. */
    @FunctionalInterface
    interface Lookup {
        @NonNull
        InetAddress[] all(@NonNull String host) throws UnknownHostException;
    }

    private final AddressPolicy policy;
    private final Lookup lookup;

    GuardedDnsResolver(AddressPolicy policy, Lookup lookup) {
        this.policy = policy;
        this.lookup = lookup;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] found = lookup.all(bare);
        List<InetAddress> permitted = new ArrayList<>(found.length);
        Set<String> refused = new LinkedHashSet<>();
        for (InetAddress address : found) {
            policy.refusal(address).ifPresentOrElse(refused::add, () -> permitted.add(address));
        }
        if (permitted.isEmpty()) {
            throw new SsrfRefusedException(SsrfRefusedException.CODE + ": " + host + " resolves to "
                + (refused.isEmpty() ? "no address" : String.join(", ", refused) + " addresses only")
                + ", outside allowed-networks");
        }
        return permitted.toArray(InetAddress[]::new);
    }

    @Override
    public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (InetAddress address : resolve(host)) {
            addresses.add(new InetSocketAddress(address, port));
        }
        return addresses;
    }

    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
        resolve(host);
        return host;
    }
}
