package io.fx.micronaut.web;

import io.fx.micronaut.config.ClientIpConfiguration;
import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.netty.handler.ipfilter.IpFilterRuleType;
import io.netty.handler.ipfilter.IpSubnetFilterRule;
import io.netty.util.NetUtil;
import io.micronaut.context.annotation.Context;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The default {@link ClientAddressResolver}: the connection's peer, unless the peer is one of
 * {@code fx.client-ip.trusted-proxies}; then the configured header ({@code x-forwarded-for}, {@code forwarded}
 * or {@code x-real-ip}) is read from the right, past every trusted hop, and the first untrusted entry is the
 * client. An entry that is no IP address ({@code unknown}, an obfuscated name, garbage) stops the walk, and the
 * last hop verified counts (fail closed: a client cannot slip an address past a proxy that did not write it).
 */
@Context // an unusable configuration fails startup, not the first request
final class TrustedProxyClientAddressResolver implements ClientAddressResolver {

    private final List<IpSubnetFilterRule> trusted;
    /** The configured header's hops, leftmost first. */
    private final Function<HttpHeaders, List<String>> hops;

    TrustedProxyClientAddressResolver(ClientIpConfiguration configuration) {
        this.trusted = rules(configuration.getTrustedProxies());
        this.hops = switch (configuration.getHeader().toLowerCase(Locale.ROOT)) {
            case "x-forwarded-for" -> headers -> ClientAddresses.list(headers.getAll("x-forwarded-for"));
            case "forwarded" -> headers -> ClientAddresses.forwardedFor(headers.getAll("forwarded"));
            case "x-real-ip" -> headers -> ClientAddresses.list(headers.getAll("x-real-ip"));
            default -> throw new FxConfigurationException(ClientIpConfiguration.PREFIX + ".header is '"
                + configuration.getHeader() + "': x-forwarded-for, forwarded or x-real-ip");
        };
    }

    private static List<IpSubnetFilterRule> rules(List<String> cidrs) {
        List<IpSubnetFilterRule> rules = new ArrayList<>();
        for (String cidr : cidrs == null ? List.<String>of() : cidrs) {
            String entry = cidr.trim();
            if (entry.isEmpty()) {
                continue;
            }
            int slash = entry.indexOf('/');
            InetAddress address = ClientAddresses.parse(slash < 0 ? entry : entry.substring(0, slash));
            int bits = address == null ? -1 : address.getAddress().length * 8;
            int prefix = -1;
            try {
                prefix = slash < 0 ? bits : Integer.parseInt(entry.substring(slash + 1));
            } catch (NumberFormatException e) {
                // reported below
            }
            if (address == null || prefix < 0 || prefix > bits) {
                throw new FxConfigurationException(ClientIpConfiguration.PREFIX + ".trusted-proxies holds '" + cidr
                    + "', which is no IP address or CIDR (such as 10.0.0.0/8 or ::1/128)");
            }
            rules.add(new IpSubnetFilterRule(address, prefix, IpFilterRuleType.ACCEPT));
        }
        return List.copyOf(rules);
    }

    @Override
    @NonNull
    public Optional<String> resolve(@NonNull HttpRequest<?> request) {
        InetSocketAddress remote = request.getRemoteAddress();
        InetAddress peer = remote == null ? null : ClientAddresses.unmap(remote.getAddress());
        if (peer == null) {
            return Optional.empty();
        }
        InetAddress client = peer;
        if (isTrusted(peer)) {
            List<String> entries = hops.apply(request.getHeaders());
            for (int i = entries.size() - 1; i >= 0; i--) {
                InetAddress hop = ClientAddresses.parseHop(entries.get(i));
                if (hop == null) {
                    break; // unknown, obfuscated or malformed: the last verified hop counts
                }
                client = hop;
                if (!isTrusted(hop)) {
                    break;
                }
            }
        }
        return Optional.of(NetUtil.toAddressString(client));
    }

    private boolean isTrusted(InetAddress address) {
        if (trusted.isEmpty()) {
            return false;
        }
        InetSocketAddress socket = new InetSocketAddress(address, 0);
        for (IpSubnetFilterRule rule : trusted) {
            if (rule.matches(socket)) {
                return true;
            }
        }
        return false;
    }
}
