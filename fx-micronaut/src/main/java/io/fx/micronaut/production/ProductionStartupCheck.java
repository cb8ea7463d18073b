package io.fx.micronaut.production;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;

/**
 * Runs {@link ProductionValidator#validate()} while the application context starts when
 * {@code fx.production=true}, so an unprotected application never serves.
 */
@Internal
@Context
@Requires(property = "fx.production", value = "true")
final class ProductionStartupCheck {

    ProductionStartupCheck(ProductionValidator validator) {
        validator.validate();
    }
}
