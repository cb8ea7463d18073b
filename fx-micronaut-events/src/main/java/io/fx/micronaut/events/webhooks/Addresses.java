package io.fx.micronaut.events.webhooks;

import io.micronaut.core.annotation.NonNull;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/** Address literals, parsed without a lookup, and the IPv4 address an IPv6 one embeds. */
final class Addresses {

    /** What a host must look like to be taken for an IPv4 literal in any of the forms the JDK parses. */
    private static final Pattern V4ISH = Pattern.compile("[0-9]+(\\.[0-9]+){0,3}|0[xX][0-9a-fA-F.xX]*");

    private Addresses() {
    }

    /**
     * @param host a URL's host or a CIDR's address: an IPv4 literal, or an IPv6 one with or without brackets
     * @return the address, when the host is a literal (never looked up); empty for a name
     */
    @NonNull
    static Optional<InetAddress> literal(@NonNull String host) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (!bare.contains(":") && !V4ISH.matcher(bare).matches()) {
            return Optional.empty();
        }
        if (!bare.contains(":") && !bare.matches("[0-9]+(\\.[0-9]+){3}")) {
            // 127.1, 2130706433, 0x7f.1: forms some resolvers take for addresses; refused rather than guessed
            throw new IllegalArgumentException("'" + host + "' is not a dotted-quad IPv4 address");
        }
        try {
            // a literal (digits and dots, or containing ':') is parsed, never looked up
            return Optional.of(InetAddress.getByName(bare));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + host + "' is not a valid IP address");
        }
    }

    /**
     * @param address an address
     * @return the IPv4 address an IPv4-mapped ({@code ::ffff:a.b.c.d}), IPv4-compatible ({@code ::a.b.c.d}),
     * NAT64 ({@code 64:ff9b::a.b.c.d}) or 6to4 ({@code 2002:aabb:ccdd::}) IPv6 address carries; otherwise itself
     */
    @NonNull
    static InetAddress unmapped(@NonNull InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return address;
        }
        byte[] b = address.getAddress();
        boolean zeros80 = allZero(b, 0, 10);
        if (zeros80 && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
            return v4(b, 12);
        }
        if (zeros80 && b[10] == 0 && b[11] == 0 && !allZero(b, 12, 14)) {
            return v4(b, 12);
        }
        if (b[0] == 0 && b[1] == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b && allZero(b, 4, 12)) {
            return v4(b, 12);
        }
        if (b[0] == 0x20 && b[1] == 0x02) {
            return v4(b, 2);
        }
        return address;
    }

    private static boolean allZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static InetAddress v4(byte[] bytes, int offset) {
        try {
            return Inet4Address.getByAddress(new byte[]{bytes[offset], bytes[offset + 1], bytes[offset + 2],
                bytes[offset + 3]});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
