package io.fx.micronaut.events.email;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;

import java.util.List;

/**
 * Fails startup when an e-mail entry is configured but Micronaut Email is not on the classpath, instead of leaving
 * the entry without a destination.
 */
@Context
@Requires(missingClasses = "io.micronaut.email.EmailSender")
final class EmailRequirement {

    EmailRequirement(List<EmailConfiguration> entries) {
        if (!entries.isEmpty()) {
            throw new FxConfigurationException(EmailConfiguration.PREFIX + "." + entries.get(0).name()
                + " is configured, but micronaut-email-javamail is not on the classpath");
        }
    }
}
