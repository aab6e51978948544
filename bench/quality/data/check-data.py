#!/usr/bin/env python3
"""Validates the quality benchmark's hand-written data: JSON shapes, unique ids, gold titles that exist,
answers that are verbatim spans of their gold documents, and the minimum counts. Prints the counts.
Usage: python3 bench/quality/data/check-data.py   (exit status 1 on any problem)"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The knowledge bases written for the benchmark: id prefixes, document count and words per document.
SETS = {
    'everyday': {'ids': ('ev-', 'evu-'), 'documents': (14, 16), 'words': (250, 1200), 'answerable': 110, 'unanswerable': 50, 'per_document': 5, 'spans_per_title': True},
    'shop': {'ids': ('shop-', 'shop-u'), 'documents': (18, 22), 'words': (150, 2500), 'answerable': 160, 'unanswerable': 50, 'per_document': 3, 'spans_per_title': False},
    'wiki': {'ids': ('wiki-', 'wiki-u'), 'documents': (18, 22), 'words': (150, 2500), 'answerable': 160, 'unanswerable': 55, 'per_document': 3, 'spans_per_title': False},
}
MIN_OFF_TOPIC = 260
problems = []


def fail(message):
    problems.append(message)


def load(path):
    with open(path, encoding='utf-8') as f:
        return json.load(f)


def is_text(value):
    return isinstance(value, str) and value.strip() != ''


def check_ids(items, prefix, seen):
    for item in items:
        ident = item.get('id')
        if not is_text(ident) or not ident.startswith(prefix):
            fail(f'bad id {ident!r} (expected prefix {prefix})')
        elif ident in seen:
            fail(f'duplicate id {ident}')
        seen.add(ident)


def check_documents(folder, spec):
    docs = load(os.path.join(folder, 'documents.json'))
    if not isinstance(docs, list):
        fail('documents.json must be a list')
        return {}
    texts = {}
    files_on_disk = set(os.listdir(os.path.join(folder, 'documents')))
    for d in docs:
        if set(d) != {'file', 'title'} or not is_text(d['file']) or not is_text(d['title']):
            fail(f'documents.json entry has the wrong shape: {d}')
            continue
        if d['title'] in texts:
            fail(f'duplicate title {d["title"]!r}')
        if d['file'] not in files_on_disk:
            fail(f'missing document file {d["file"]}')
            continue
        with open(os.path.join(folder, 'documents', d['file']), encoding='utf-8') as f:
            text = f.read()
        words = len(text.replace(',', ' ').split())
        if not spec['words'][0] <= words <= spec['words'][1]:
            fail(f'{d["file"]} has {words} words, outside {spec["words"]}')
        texts[d['title']] = text
    listed = {d['file'] for d in docs if isinstance(d, dict)}
    for extra in sorted(files_on_disk - listed):
        fail(f'document file not listed in documents.json: {extra}')
    low, high = spec['documents']
    if not low <= len(texts) <= high:
        fail(f'{len(texts)} documents, expected {low}–{high}')
    return texts


def check_questions(folder, spec, texts):
    data = load(os.path.join(folder, 'questions.json'))
    if not is_text(data.get('about')) or not isinstance(data.get('answerable'), list) or not isinstance(data.get('unanswerable'), list):
        fail('questions.json needs "about", "answerable" and "unanswerable"')
        return [], [], collections.Counter()
    seen = set()
    check_ids(data['answerable'], spec['ids'][0], seen)
    check_ids(data['unanswerable'], spec['ids'][1], seen)
    per_doc = collections.Counter()
    for q in data['answerable']:
        qid = q.get('id')
        gold = q.get('gold')
        if not is_text(q.get('question')) or not isinstance(gold, list) or not gold or not is_text(q.get('answer')):
            fail(f'{qid}: needs question, gold (non-empty list) and answer')
            continue
        unknown = [t for t in gold if t not in texts]
        if unknown:
            fail(f'{qid}: unknown gold title(s) {unknown}')
            continue
        if len(set(gold)) != len(gold):
            fail(f'{qid}: repeated gold title')
        if not any(q['answer'] in texts[t] for t in gold):  # a CSV cell: its text as written
            fail(f'{qid}: answer is not a verbatim span of its gold document(s): {q["answer"]!r}')
        spans = q.get('answers')
        # Scored by title, a question naming several documents must show what each holds; scored by the
        # passage holding the answer (shop), the other titles only say where more of it is said.
        if len(gold) > 1 and spans is None and spec['spans_per_title']:
            fail(f'{qid}: a question with several gold documents needs "answers", one span per gold title')
        if spans is not None:
            if not isinstance(spans, list) or len(spans) != len(gold):
                fail(f'{qid}: "answers" must list one span per gold title')
            else:
                for title, span in zip(gold, spans):
                    if not is_text(span) or span not in texts[title]:
                        fail(f'{qid}: span {span!r} is not in {title!r}')
                if spans[0] != q['answer']:
                    fail(f'{qid}: "answer" must equal answers[0]')
        for t in gold:
            per_doc[t] += 1
    for q in data['unanswerable']:
        if not is_text(q.get('question')) or q.get('near') not in texts:
            fail(f'{q.get("id")}: needs question and a "near" that is a document title')
    for title in texts:
        if per_doc[title] < spec['per_document']:
            fail(f'only {per_doc[title]} answerable questions for {title!r}')
    questions = [q.get('question', '').strip().lower() for q in data['answerable'] + data['unanswerable']]
    for text, n in collections.Counter(questions).items():
        if n > 1:
            fail(f'question asked twice: {text!r}')
    return data['answerable'], data['unanswerable'], per_doc


def check_off_topic(asked):
    path = os.path.join(HERE, 'off-topic.json')
    if not os.path.exists(path):
        fail('off-topic.json is missing')
        return []
    data = load(path)
    if not is_text(data.get('about')) or not isinstance(data.get('questions'), list):
        fail('off-topic.json needs "about" and "questions"')
        return []
    check_ids(data['questions'], 'ot-', set())
    for q in data['questions']:
        if set(q) != {'id', 'question'} or not is_text(q['question']):
            fail(f'off-topic item has the wrong shape: {q}')
    texts = [q['question'].strip().lower() for q in data['questions'] if isinstance(q, dict) and 'question' in q]
    for text, n in collections.Counter(texts).items():
        if n > 1:
            fail(f'off-topic question listed twice: {text!r}')
    older = os.path.join(HERE, '..', 'off-topic-questions.json')
    if os.path.exists(older):
        reused = set(texts) & {q.strip().lower() for q in load(older)['questions']}
        if reused:
            fail(f'off-topic questions reused from off-topic-questions.json: {sorted(reused)}')
    clash = set(texts) & asked
    if clash:
        fail(f'off-topic questions that are also questions of a knowledge base: {sorted(clash)}')
    return data['questions']


def main():
    asked = set()
    for name, spec in SETS.items():
        folder = os.path.join(HERE, name)
        texts = check_documents(folder, spec)
        answerable, unanswerable, per_doc = check_questions(folder, spec, texts)
        asked |= {q.get('question', '').strip().lower() for q in answerable + unanswerable}
        for key in ('answerable', 'unanswerable'):
            n = len(answerable if key == 'answerable' else unanswerable)
            if n < spec[key]:
                fail(f'{name}: {n} {key}, at least {spec[key]} expected')
        multi = sum(1 for q in answerable if len(q.get('gold', [])) > 1)
        print(f'{name}: documents {len(texts)}, answerable {len(answerable)} (of which {multi} name several documents), '
              f'unanswerable {len(unanswerable)}')
        for title, n in sorted(per_doc.items(), key=lambda kv: kv[0]):
            print(f'  {n:3d}  {title}')
    off_topic = check_off_topic(asked)
    if len(off_topic) < MIN_OFF_TOPIC:
        fail(f'{len(off_topic)} off-topic questions, at least {MIN_OFF_TOPIC} expected')
    print(f'off-topic {len(off_topic)}')
    if problems:
        print(f'\n{len(problems)} problem(s):')
        for p in problems:
            print('  - ' + p)
        sys.exit(1)
    print('OK')


if __name__ == '__main__':
    main()
