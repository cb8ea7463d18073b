package io.fx.micronaut.events.email;

import io.fx.micronaut.events.EventDeliveryException;
import io.micronaut.core.annotation.NonNull;
import jakarta.mail.internet.AddressException;

import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads why a mail could not be sent and what the relay should do: an SMTP reply of class 4 (a transient
 * refusal) or a connection error is retried; a reply of class 5 (a permanent refusal: an unknown or invalid
 * recipient, a refused sender, failed authentication) or an address that is no address fails for good. Jakarta
 * Mail's exceptions carry the server's reply line as their message ({@code 550 5.1.1 ...}), along the chain of
 * causes (a {@code SendFailedException} leads to the refused recipient's). Anything else is retried.
 */
final class SmtpFailure {

    private static final Pattern REPLY = Pattern.compile("^\\s*([45])(\\d\\d)(?:[ -].*)?$", Pattern.DOTALL);
    private static final int MAX_REASON = 200;

    private SmtpFailure() {
    }

    /**
     * @param error why sending failed
     * @return what the relay should do, with a reason that names the reply (no body)
     */
    @NonNull
    static EventDeliveryException classify(@NonNull Throwable error) {
        Optional<String> reply = reply(error);
        if (reply.isPresent()) {
            String line = reply.get();
            return line.startsWith("5") ? EventDeliveryException.permanent("SMTP " + line)
                : EventDeliveryException.retry("SMTP " + line);
        }
        for (Throwable cause = error; cause != null; cause = next(cause)) {
            if (cause instanceof AddressException address) {
                return EventDeliveryException.permanent("not an address: " + shorten(address.getMessage()));
            }
        }
        for (Throwable cause = error; cause != null; cause = next(cause)) {
            if (cause instanceof IOException) {
                return EventDeliveryException.retry("connection error: " + cause.getClass().getSimpleName() + " "
                    + shorten(cause.getMessage()), error);
            }
        }
        return EventDeliveryException.retry("not sent: " + error.getClass().getSimpleName() + " "
            + shorten(error.getMessage()), error);
    }

    /** @return the first SMTP reply line of class 4 or 5 along the causes */
    private static Optional<String> reply(Throwable error) {
        for (Throwable cause = error; cause != null; cause = next(cause)) {
            String message = cause.getMessage();
            if (message != null) {
                Matcher matcher = REPLY.matcher(message);
                if (matcher.matches()) {
                    return Optional.of(shorten(message.strip().lines().findFirst().orElse("")));
                }
            }
        }
        return Optional.empty();
    }

    private static Throwable next(Throwable cause) {
        Throwable next = cause.getCause();
        return next == cause ? null : next;
    }

    private static String shorten(String message) {
        if (message == null) {
            return "";
        }
        String line = message.strip().lines().findFirst().orElse("");
        return line.length() > MAX_REASON ? line.substring(0, MAX_REASON) + "..." : line;
    }
}
