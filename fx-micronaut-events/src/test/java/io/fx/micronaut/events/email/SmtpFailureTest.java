package io.fx.micronaut.events.email;

import io.fx.micronaut.events.EventDeliveryException;
import io.micronaut.email.EmailException;
import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.internet.AddressException;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SmtpFailureTest {

    @Test
    void aReplyOfClassFiveFailsForGood() {
        SendFailedException refused = new SendFailedException("Invalid Addresses",
            new MessagingException("550 5.1.1 <nobody@example.com>: user unknown\n"));
        EventDeliveryException failure = SmtpFailure.classify(new EmailException(refused));
        assertTrue(failure.isPermanent());
        assertEquals("SMTP 550 5.1.1 <nobody@example.com>: user unknown", failure.getMessage());
    }

    @Test
    void aReplyOfClassFourIsRetried() {
        EventDeliveryException failure = SmtpFailure.classify(new EmailException(
            new MessagingException("451 4.3.0 try again later")));
        assertFalse(failure.isPermanent());
        assertEquals("SMTP 451 4.3.0 try again later", failure.getMessage());
    }

    @Test
    void aConnectionErrorIsRetried() {
        EventDeliveryException failure = SmtpFailure.classify(new EmailException(
            new MessagingException("Couldn't connect to host", new ConnectException("Connection refused"))));
        assertFalse(failure.isPermanent());
        assertTrue(failure.getMessage().startsWith("connection error: ConnectException"), failure.getMessage());
    }

    @Test
    void anInvalidAddressFailsForGoodAndAnythingElseIsRetried() {
        assertTrue(SmtpFailure.classify(new EmailException(new AddressException("Illegal address", "x"))).isPermanent());
        assertFalse(SmtpFailure.classify(new IllegalStateException("something")).isPermanent());
    }
}
