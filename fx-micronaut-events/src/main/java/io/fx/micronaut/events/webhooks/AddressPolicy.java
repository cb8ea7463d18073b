package io.fx.micronaut.events.webhooks;

import io.micronaut.core.annotation.NonNull;

import java.net.InetAddress;
import java.util.List;
import java.util.Optional;

/**
 * Which addresses a webhook may connect to: every address except the ranges that reach the sender's own machine,
 * its private networks or its cloud's metadata service, unless one of the webhook's {@code allowed-networks}
 * holds it. Refused: loopback ({@code 127.0.0.0/8}, {@code ::1}), private ({@code 10.0.0.0/8},
 * {@code 172.16.0.0/12}, {@code 192.168.0.0/16}, {@code fc00::/7}, the old site-local {@code fec0::/10}),
 * link-local ({@code 169.254.0.0/16}, with the metadata service {@code 169.254.169.254}, {@code fe80::/10}),
 * shared address space ({@code 100.64.0.0/10}), unspecified ({@code 0.0.0.0/8}, {@code ::}), multicast
 * ({@code 224.0.0.0/4}, {@code ff00::/8}), reserved and broadcast ({@code 240.0.0.0/4}), and any IPv6 address
 * that embeds one of these IPv4 addresses (IPv4-mapped, IPv4-compatible, NAT64, 6to4).
 *
 * @param allowed the allowed networks, which win over every refused range
 */
record AddressPolicy(@NonNull List<Cidr> allowed) {

    private static final List<Range> REFUSED = List.of(
        new Range("unspecified", Cidr.parse("0.0.0.0/8")),
        new Range("loopback", Cidr.parse("127.0.0.0/8")),
        new Range("private", Cidr.parse("10.0.0.0/8")),
        new Range("private", Cidr.parse("172.16.0.0/12")),
        new Range("private", Cidr.parse("192.168.0.0/16")),
        new Range("link-local", Cidr.parse("169.254.0.0/16")),
        new Range("shared", Cidr.parse("100.64.0.0/10")),
        new Range("multicast", Cidr.parse("224.0.0.0/4")),
        new Range("reserved", Cidr.parse("240.0.0.0/4")),
        new Range("unspecified", Cidr.parse("::/128")),
        new Range("loopback", Cidr.parse("::1/128")),
        new Range("private", Cidr.parse("fc00::/7")),
        new Range("private", Cidr.parse("fec0::/10")),
        new Range("link-local", Cidr.parse("fe80::/10")),
        new Range("multicast", Cidr.parse("ff00::/8")));

    /** @param allowed the allowed networks */
    AddressPolicy {
        allowed = List.copyOf(allowed);
    }

    /**
     * @param address an address
     * @return the refused range it lies in ({@code loopback}, {@code private}, {@code link-local}, {@code shared},
     * {@code unspecified}, {@code multicast}, {@code reserved}), whatever is allowed; empty for a public address
     */
    @NonNull
    static Optional<String> classify(@NonNull InetAddress address) {
        InetAddress plain = Addresses.unmapped(address);
        for (Range range : REFUSED) {
            if (range.block().contains(plain)) {
                return Optional.of(range.name());
            }
        }
        return Optional.empty();
    }

    /**
     * @param address an address
     * @return why the webhook may not connect to it (its refused range); empty when it may
     */
    @NonNull
    Optional<String> refusal(@NonNull InetAddress address) {
        for (Cidr network : allowed) {
            if (network.contains(address)) {
                return Optional.empty();
            }
        }
        return classify(address);
    }

    private record Range(String name, Cidr block) {
    }
}
