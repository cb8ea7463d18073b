package io.fx.micronaut.examples.fields;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** A model using the {@code lowercase} directive this example contributes. */
// tag::contact[]
@FxModel
public class Contact extends BaseModel {
    @Fx("required, lowercase, unique, filterable")
    private String email;
    @Fx("filterable, sortable")
    private String name;
// end::contact[]

    public String getEmail() {
        return email;
    }

    public void setEmail(String email) {
        this.email = email;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }
}
