package io.fx.micronaut.security.jwt;

import java.util.Locale;

/** Loopback host names and literals ({@code localhost}, 127.0.0.0/8, {@code ::1}), without name lookups. */
final class Loopback {

    private Loopback() {
    }

    static boolean is(String host) {
        if (host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.equals("localhost") || h.endsWith(".localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        String[] octets = h.split("\\.");
        if (octets.length != 4 || !octets[0].equals("127")) {
            return false;
        }
        for (String octet : octets) {
            if (!octet.matches("\\d{1,3}") || Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return true;
    }
}
