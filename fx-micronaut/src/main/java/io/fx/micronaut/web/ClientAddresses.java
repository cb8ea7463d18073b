package io.fx.micronaut.web;

import io.micronaut.core.annotation.Nullable;
import io.netty.util.NetUtil;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * IP addresses as forwarding headers carry them: parsed as literals only (never a name lookup), ports, brackets,
 * quotes and zones removed, IPv4-mapped IPv6 addresses turned into IPv4.
 */
final class ClientAddresses {

    private ClientAddresses() {
    }

    /**
     * @param text an IP address literal, an IPv6 zone allowed
     * @return the address, or null when the text is no IP address literal
     */
    @Nullable
    static InetAddress parse(String text) {
        String literal = text.trim();
        int zone = literal.indexOf('%');
        if (zone >= 0) {
            literal = literal.substring(0, zone);
        }
        byte[] bytes = NetUtil.createByteArrayFromIpAddressString(literal);
        if (bytes == null) {
            return null;
        }
        try {
            return unmap(InetAddress.getByAddress(bytes));
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /**
     * @param address an address
     * @return the IPv4 address an IPv4-mapped IPv6 address stands for, else the address itself
     */
    @Nullable
    static InetAddress unmap(@Nullable InetAddress address) {
        if (address instanceof Inet6Address) {
            byte[] bytes = address.getAddress();
            boolean mapped = bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
            for (int i = 0; i < 10 && mapped; i++) {
                mapped = bytes[i] == 0;
            }
            if (mapped) {
                try {
                    return Inet4Address.getByAddress(new byte[] {bytes[12], bytes[13], bytes[14], bytes[15]});
                } catch (UnknownHostException e) {
                    return address;
                }
            }
        }
        return address;
    }

    /**
     * @param entry one hop of a forwarding header: {@code 192.0.2.1}, {@code 192.0.2.1:4711}, {@code 2001:db8::1},
     *              {@code [2001:db8::1]:4711}, quoted or not
     * @return its address, or null for {@code unknown}, an obfuscated identifier ({@code _hidden}) or anything
     *         else that is no address
     */
    @Nullable
    static InetAddress parseHop(String entry) {
        String hop = entry.trim();
        if (hop.length() >= 2 && hop.startsWith("\"") && hop.endsWith("\"")) {
            hop = hop.substring(1, hop.length() - 1).trim();
        }
        if (hop.startsWith("[")) {
            int close = hop.indexOf(']');
            if (close < 0 || !isPortOrNothing(hop.substring(close + 1))) {
                return null;
            }
            return parse(hop.substring(1, close));
        }
        int colon = hop.indexOf(':');
        if (colon >= 0 && colon == hop.lastIndexOf(':')) {
            if (!isPortOrNothing(hop.substring(colon))) {
                return null;
            }
            hop = hop.substring(0, colon); // IPv4 with a port
        }
        return parse(hop);
    }

    private static boolean isPortOrNothing(String rest) {
        if (rest.isEmpty()) {
            return true;
        }
        if (rest.length() < 2 || rest.length() > 6 || rest.charAt(0) != ':') {
            return false;
        }
        for (int i = 1; i < rest.length(); i++) {
            if (!Character.isDigit(rest.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param values the lines of a comma-separated header, in the order they came
     * @return its entries, leftmost first
     */
    static List<String> list(List<String> values) {
        List<String> entries = new ArrayList<>();
        for (String value : values) {
            for (String entry : value.split(",", -1)) {
                entries.add(entry.trim());
            }
        }
        return entries;
    }

    /**
     * @param values the lines of a {@code Forwarded} header (RFC 7239), in the order they came
     * @return the {@code for} value of each element, leftmost first; an element without one gives an empty entry
     *         (which no address parses from, so it stops a walk)
     */
    static List<String> forwardedFor(List<String> values) {
        List<String> entries = new ArrayList<>();
        for (String element : list(values)) {
            String found = "";
            for (String pair : element.split(";")) {
                int equals = pair.indexOf('=');
                if (equals > 0 && pair.substring(0, equals).trim().toLowerCase(Locale.ROOT).equals("for")) {
                    found = pair.substring(equals + 1).trim();
                }
            }
            entries.add(found);
        }
        return entries;
    }
}
