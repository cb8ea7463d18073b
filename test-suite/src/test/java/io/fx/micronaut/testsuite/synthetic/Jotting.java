package io.fx.micronaut.testsuite.synthetic;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

/** A model whose writes are journalled into the synthetic {@code JottingLog}; registered for {@code SyntheticModelTest} only. */
@Introspected
public class Jotting extends BaseModel {

    @Fx("required, filterable")
    private String title;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
}
