"""The labelled image kit for vision v3: classes, the partial-label rule extended to batches 4-6,
folds of held-back source repositories (three for v3; v4 adds batch 7 and a fourth), and the object
boxes (images/boxes.csv).

v3 keeps v2's rule (ml/vision/kit.py; docs/vision-v2.md "Label rule") and adds, for the 2026-11-25
batches (file names real4_*/real5_*; ../shared/data/README.md "batches 4-6") and, for vision v4, to
batch 7 (real7_*, same rules):
  B1. `benign` on a batch 4-6 image means none of the harmful classes (weapons, violence,
      substances, hate symbols, middle finger, gambling): 0 for each of them.
  B2. violence in a source about weapons that did not label violence: unknown (a gun held at
      someone may or may not be violence; nobody looked for it there).
  B3. the new close-up object sources (pills on tables, packs, butts, lipsticks, pens, toys) are
      OBJECT sources for v2's rule 3 (incidental classes known there), and the new weapon datasets
      are WEAPON sources for rule 4.
Figures are measured per held-back source, never on a random split: a source's look (its size,
its Roboflow stretching, its camera) must not stand in for its class.

Errata (../kit-errata.csv, docs/vision-v3.md "Kit errata"): files whose kit labels are wrong get the
corrected labels. The label rule still reads what each source labelled from the kit as published, so
an erratum changes its own file's targets and nothing else.
"""
import csv
import os

from ml.vision import kit

# Spec visual classes trained as outputs: every class with real positives in the kit, plus the
# format classes as auxiliary outputs. gambling_machine has only clip-art and emoji.
CLASSES = [
    'firearm', 'knife', 'violence', 'smoking_and_tobacco', 'pills', 'alcohol', 'drink', 'marijuana',
    'nazi_swastika', 'confederate_flag', 'middle_finger_gesture', 'gambling_machine',
    'meme', 'screenshot', 'map', 'game_screenshot', 'artistic', 'photo', 'child', 'toy',
]
# Candidates for publishing (the classes); the rest are auxiliary and reported only.
CANDIDATES = [
    'firearm', 'knife', 'violence', 'smoking_and_tobacco', 'pills', 'alcohol', 'marijuana', 'nazi_swastika',
    'middle_finger_gesture', 'gambling_machine',
]
HARMFUL = {
    'firearm', 'knife', 'violence', 'smoking_and_tobacco', 'pills', 'alcohol', 'marijuana', 'nazi_swastika',
    'confederate_flag', 'middle_finger_gesture', 'gambling_machine',
}
INCIDENTAL = kit.INCIDENTAL
WEAPONS = kit.WEAPONS
REAL_SUBSET = kit.REAL_SUBSET
COCO = kit.COCO
OBJECT_SOURCES = kit.OBJECT_SOURCES | {
    'juliajorstad/PillCounter', 'ulhaqjackyhaw/Pill-InsectorAI', 'DaBa2000/Pill-Detection-AI',
    'Asna-Zulfiqar/lipstick-detector', 'lcy31415/DualArm', 'darrenredmond/minifigure_id',
    'romanvoloboev/toy-store', 'francocasa/E-commerce-toy-store', 'florinnnn/cigarette-pack-brand-detection',
    'KabirAhmad4/Intelligent-Cigarette-Butt-Detection-and-Localization-Using-YOLOv8-Segmentation',
    'sandroescobar/MiamiSmokeShopWebPage', 'raehelen/frog-classification', 'jdawud/FrogPix',
}
WEAPON_SOURCES = kit.WEAPON_SOURCES | {
    'Vardhinedi/weapon-detection', 'madeelworks/Weapon-Detection', 'LabIA-UFBA/handgundetection',
    'html1101/Gun-Detection-GUI',
    # batch 7 (vision v4)
    'bardan-dhakal/A-eye_Weapons-Detection', 'Samet-Berkay-Taskin/YOLOv8-Training-with-custom-data-Pistol-Detection-',
}

# Three folds of whole source repositories. Each candidate class with two or more real sources of
# >= 10 positives has them in different folds; each fold keeps enough of every class to train on.
# Vardhinedi and madeelworks share originals (README: one family), so they always go together.
# HAR (umareddy123, violence) is in B since run 4: in C with Vardhinedi's violent_knife photos, the
# network measuring either had trained on neither (docs/vision-v3.md, "Run 4").
FOLDS = {
    'A': [
        'Alema1/realtime-handgun-detection', 'Huyhoclaptrinh/smoking-detection',
        'little-hawk/weapon-hazard-detection-yolov8', 'vtcong21/angelhack-heineken', 'thorchh/myPillBox',
        'GoogleCloudPlatform/microservices-demo', '16arpi/Fox-RSS', 'sindhu4u/cctv-incident-detector',
        'tiao051/Violence-Detection', 'ranabhatshree/Suspicous-Activity-Detection-From-Vidoes',
        'nurkal022/fight-detection-yolo-training', 'lifeisnumbers/Real-time-Violence-detection-with-Apache-Kafka-App',
        'spackows/CASCON-2018_Analyzing_images', 'raehelen/frog-classification', 'Asna-Zulfiqar/lipstick-detector',
        'darrenredmond/minifigure_id',
        # batch 7: Samet's pistols are the armas family of Alema1 (README), so they go together
        'Samet-Berkay-Taskin/YOLOv8-Training-with-custom-data-Pistol-Detection-',
        'Krishna-pathak1535/smart-city-violence-detection',
    ],
    'B': [
        'AhmedMohsenElgarh/new-dataset-weapon', 'yatinmanuel/stars-vthacks', 'jinjoo-lab/FrameCheckMate',
        'longle0702/cigarette-detection-yolov12',
        'KabirAhmad4/Intelligent-Cigarette-Butt-Detection-and-Localization-Using-YOLOv8-Segmentation',
        'Ahmed-3411/Protect-Your-Children', 'Digital-Image-Processing-IIITH/project-dipsum',
        'wpcustis/Morphological-Detection-of-Common-Hate-Symbols-Using-Real-World-Memes',
        'joaramirezra/Clasificador-Hojas-Canabis', 'nid666/Pepe-Machine-Learning', COCO, 'juliajorstad/PillCounter',
        'ulhaqjackyhaw/Pill-InsectorAI', 'DaBa2000/Pill-Detection-AI', 'lcy31415/DualArm', 'jdawud/FrogPix',
        'LabIA-UFBA/handgundetection', 'html1101/Gun-Detection-GUI', 'umareddy123/Human_activity_recognition',
    ],
    'C': [
        'Vardhinedi/weapon-detection', 'madeelworks/Weapon-Detection',
        'florinnnn/cigarette-pack-brand-detection', 'harakeke-2021/liquid-lunch', 'Simard302/cc9-gesture-censorship',
        'Riswaldy/smoking-detection', 'sandroescobar/MiamiSmokeShopWebPage', 'romanvoloboev/toy-store',
        'francocasa/E-commerce-toy-store', 'Obmutescence/COCO-MINI', 'zhiwei2017/nazi-symbols-classification',
        'ciel-oliver/Violence-Detection-software-and-databases',
    ],
    # Vision v4 (batch 7): A-eye, the largest new source (firearm 1,013, knife 673), is a fold of its
    # own, so that every other fold trains on it; with it the staged student fights and CORe50's hands
    # holding phones and scissors (hard negatives, measured as negatives here and trained on elsewhere).
    'D': [
        'bardan-dhakal/A-eye_Weapons-Detection', 'kookmin-sw/capstone-2021-23', 'giacomobartoli/core50_segmentation',
    ],
}
FOLD_NAMES = sorted(FOLDS)
# Repositories that share original images count as one source for the publishing rule.
FAMILIES = {
    'madeelworks/Weapon-Detection': 'Vardhinedi/weapon-detection',
    'Samet-Berkay-Taskin/YOLOv8-Training-with-custom-data-Pistol-Detection-': 'Alema1/realtime-handgun-detection',
}


def family(source):
    return FAMILIES.get(source, source)


def is_new_batch(file):
    name = os.path.basename(file)
    return name.startswith(('real4_', 'real5_', 'real7_'))


def target(item, cls, source_labels):
    """1, 0 or None (unknown) for one image and class; v2's rule ('narrow') plus B1-B3."""
    if cls in item['labels']:
        return 1
    if not item['real']:
        return 0  # v2 rule 1
    src = item['source']
    if is_new_batch(item['file']) and 'benign' in item['labels'] and cls in HARMFUL:
        return 0  # B1
    if cls in source_labels:
        return 0  # v2 rule 2
    if cls == 'violence' and src in WEAPON_SOURCES:
        return None  # B2
    if src == COCO and cls in INCIDENTAL:
        return None  # v2 rule 5 (narrow)
    if cls in INCIDENTAL:
        return 0 if src in OBJECT_SOURCES else None  # v2 rule 3
    if cls in WEAPONS and source_labels & (WEAPONS - {cls}) and src in WEAPON_SOURCES:
        return None  # v2 rule 4 (narrow)
    return 0  # v2 rule 6


ERRATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'kit-errata.csv')


def load_errata(path=ERRATA):
    """file -> (corrected labels, labels the kit gives it), from kit-errata.csv."""
    split_labels = lambda s: frozenset(x for x in s.split(';') if x)  # noqa: E731
    return {r['file']: (split_labels(r['labels']), split_labels(r['was'])) for r in csv.DictReader(open(path, newline=''))}


def load_kit(images_dir):
    rows = list(csv.DictReader(open(os.path.join(images_dir, 'labels.csv'), newline='')))
    errata = load_errata()
    items, labelled = [], {}
    for r in rows:
        labels = set(x for x in r['labels'].split(';') if x)
        source = kit.source_repo(r)
        labelled.setdefault(source, set()).update(labels)
        fix = errata.get(r['file'])
        if fix and fix[1] == labels:  # a kit that has since corrected the file is taken as it is
            labels = set(fix[0])
        items.append({'file': r['file'], 'labels': labels, 'source': source,
                      'real': os.path.basename(r['file']).startswith('real'), 'photo': 'photo' in labels})
    for it in items:
        it['targets'] = [target(it, c, labelled[it['source']]) for c in CLASSES]
    return items


def held_sources(fold):
    return set(FOLDS[fold]) if fold in FOLDS else set()


def split(items, fold):
    """(training items, held-back items) for a fold; 'all' trains on everything."""
    held = held_sources(fold)
    return [it for it in items if it['source'] not in held], [it for it in items if it['source'] in held]


def load_boxes(images_dir):
    """file -> [(label, x0, y0, x1, y1)] in the stored image's pixels."""
    boxes = {}
    path = os.path.join(images_dir, 'boxes.csv')
    if not os.path.exists(path):
        return boxes
    for r in csv.DictReader(open(path, newline='')):
        boxes.setdefault(r['file'], []).append((r['label'], float(r['x0']), float(r['y0']), float(r['x1']), float(r['y1'])))
    return boxes


def box_crops(boxes, width, height, per_image=3, margin=0.3, min_side=24):
    """The largest `per_image` boxes of a class in CLASSES, each grown by `margin` of its size on
    every side and clipped to the picture: object-centred views for training (never measured)."""
    usable = [b for b in boxes if b[0] in CLASSES and (b[3] - b[1]) >= min_side / 2 and (b[4] - b[2]) >= min_side / 2]
    usable.sort(key=lambda b: -(b[3] - b[1]) * (b[4] - b[2]))
    out = []
    for label, x0, y0, x1, y1 in usable[:per_image]:
        mx, my = (x1 - x0) * margin, (y1 - y0) * margin
        box = (max(0, int(x0 - mx)), max(0, int(y0 - my)), min(width, int(x1 + mx + 0.999)), min(height, int(y1 + my + 0.999)))
        if box[2] - box[0] >= min_side and box[3] - box[1] >= min_side:
            out.append((label, box))
    return out
