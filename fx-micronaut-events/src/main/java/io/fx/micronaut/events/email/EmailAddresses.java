package io.fx.micronaut.events.email;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.email.Contact;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;

/**
 * Header values of a mail: control characters (CR and LF above all, which would start a header of their own, a
 * {@code Bcc:} for one) are removed from the subject and the addresses, and an address must be exactly one
 * address, so a comma cannot add a recipient.
 */
final class EmailAddresses {

    private EmailAddresses() {
    }

    /**
     * @param text a header's value
     * @return it without control characters (CR, LF, NUL, tab...)
     */
    @NonNull
    static String strip(@Nullable String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().filter(c -> !Character.isISOControl(c) && c != '\u2028' && c != '\u2029')
            .forEach(out::appendCodePoint);
        return out.toString();
    }

    /**
     * @param value an address, such as {@code ada@example.com} or {@code Ada <ada@example.com>}
     * @return the address with its display name, if it has one, control characters removed
     * @throws AddressException when it is not exactly one valid address
     */
    @NonNull
    static Contact contact(@Nullable String value) throws AddressException {
        InternetAddress address = parse(value);
        String name = address.getPersonal();
        return name == null || name.isBlank() ? new Contact(address.getAddress())
            : new Contact(address.getAddress(), strip(name));
    }

    /**
     * @param value an address, such as {@code ada@example.com} or {@code Ada <ada@example.com>}
     * @return the bare address, control characters removed
     * @throws AddressException when it is not exactly one valid address
     */
    @NonNull
    static String address(@Nullable String value) throws AddressException {
        return parse(value).getAddress();
    }

    private static InternetAddress parse(@Nullable String value) throws AddressException {
        String stripped = strip(value).trim();
        if (stripped.isEmpty()) {
            throw new AddressException("no address");
        }
        InternetAddress[] addresses = InternetAddress.parse(stripped, true);
        if (addresses.length != 1) {
            throw new AddressException("not exactly one address", stripped);
        }
        addresses[0].validate();
        return addresses[0];
    }
}
