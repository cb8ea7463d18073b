package io.fx.micronaut.testsuite.include;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.FxQueryLimits;
import io.fx.micronaut.model.BaseModel;

import java.util.List;

/** Include-limit test model: has many verses and tightens both include limits for itself. */
@FxModel(limits = @FxQueryLimits(maxIncludedPerParent = 2, maxIncludedRows = 5))
public class Anthology extends BaseModel {

    @Fx("required, filterable")
    private String name;
    private List<Verse> verses;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public List<Verse> getVerses() { return verses; }
    public void setVerses(List<Verse> verses) { this.verses = verses; }
}
