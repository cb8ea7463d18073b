package io.fx.micronaut.examples.blog;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/**
 * A tag with a unique name, served at {@code /api/tags}.
 *
 * @since 0.1.0
 */
// tag::tag[]
@FxModel
public class Tag extends BaseModel {
    @Fx("required, unique, filterable, sortable")
    private String name;
    // end::tag[]

    /** @return the tag name, unique among tags */
    public String getName() {
        return name;
    }

    /** @param name the tag name */
    public void setName(String name) {
        this.name = name;
    }
}
