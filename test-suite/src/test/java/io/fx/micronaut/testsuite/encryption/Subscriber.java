package io.fx.micronaut.testsuite.encryption;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** A soft-delete model with an encrypted unique field: its blind index is unique among live rows. */
@Introspected
public class Subscriber extends BaseModel {

    @Fx("encrypted, unique")
    private String email;

    public String getEmail() { return email; }
    public void setEmail(String email) { this.email = email; }
}
