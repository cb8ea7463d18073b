package io.fx.micronaut.events.webhooks;

import io.micronaut.core.annotation.NonNull;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * A block of addresses in CIDR notation ({@code 10.0.0.0/8}, {@code fc00::/7}; a bare address is a block of one).
 * An IPv4 block also holds the IPv4-mapped IPv6 forms ({@code ::ffff:a.b.c.d}) of its addresses.
 *
 * @param network the network's address bytes (4 or 16), host bits cleared
 * @param prefix  the prefix length
 */
record Cidr(@NonNull byte[] network, int prefix) {

    /**
     * @param text an address or {@code address/prefix}; an address only as a literal, never a name to look up
     * @return the block
     * @throws IllegalArgumentException when it is not one
     */
    @NonNull
    static Cidr parse(@NonNull String text) {
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        String address = slash < 0 ? trimmed : trimmed.substring(0, slash);
        byte[] bytes;
        try {
            bytes = Addresses.literal(address).orElseThrow(IllegalArgumentException::new).getAddress();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not an IP address or CIDR block");
        }
        int prefix;
        try {
            prefix = slash < 0 ? bytes.length * 8 : Integer.parseInt(trimmed.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' has no prefix length after /");
        }
        if (prefix < 0 || prefix > bytes.length * 8) {
            throw new IllegalArgumentException("'" + text + "' has a prefix length outside 0-" + bytes.length * 8);
        }
        return new Cidr(mask(bytes, prefix), prefix);
    }

    /**
     * @param address an address
     * @return whether the block holds it (an IPv4 block also its IPv4-mapped IPv6 form)
     */
    boolean contains(@NonNull InetAddress address) {
        byte[] bytes = Addresses.unmapped(address).getAddress();
        return bytes.length == network.length && Arrays.equals(mask(bytes, prefix), network);
    }

    private static byte[] mask(byte[] bytes, int prefix) {
        byte[] masked = bytes.clone();
        for (int bit = prefix; bit < masked.length * 8; bit++) {
            masked[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        return masked;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cidr c && c.prefix == prefix && Arrays.equals(c.network, network);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(network) * 31 + prefix;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefix;
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
