package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Security test model for the access rules. */
@FxModel
public class Bulletin extends BaseModel {

    @Fx("filterable, sortable")
    private String title;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
}
